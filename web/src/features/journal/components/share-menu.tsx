import { Copy, Globe, Mail, MessageCircle, Send, Share2 } from 'lucide-react';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';

export interface ShareTarget {
  title: string;
  text: string;
  url: string;
}

/** shareLinks: the social networks' share addresses for a link and its text. */
export function shareLinks({ title, text, url }: ShareTarget) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://twitter.com/intent/tweet?text=${t}&url=${u}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`,
  };
}

function openWindow(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** ShareMenu: share a journal entry on social networks, by e-mail, as a copied link, or natively. */
export function ShareMenu({ target, label }: { target: ShareTarget; label: string }) {
  const { toast } = useToast();
  const links = shareLinks(target);

  const nativeShare = async () => {
    if (typeof navigator.share !== 'function') {
      toast({ title: 'Sharing not supported', description: 'Your browser cannot share directly. Copy the link instead.', variant: 'destructive' });
      return;
    }
    try {
      await navigator.share({ title: target.title, text: target.text, url: target.url });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast({ title: 'Sharing failed', variant: 'destructive' });
    }
  };

  const copy = async () => {
    if (await copyText(target.url)) toast({ title: 'Link copied!', variant: 'success' });
    else toast({ title: 'Sharing failed', description: 'The link could not be copied.', variant: 'destructive' });
  };

  return (
    <DropdownMenu
      align="start"
      trigger={
        <Button variant="ghost" size="sm" icon={<Share2 size={16} aria-hidden="true" />} aria-label={label}>
          Share
        </Button>
      }
    >
      <DropdownMenuItem icon={<Globe size={16} />} onSelect={() => openWindow(links.facebook)}>
        Facebook
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Send size={16} />} onSelect={() => openWindow(links.x)}>
        X (Twitter)
      </DropdownMenuItem>
      <DropdownMenuItem icon={<MessageCircle size={16} />} onSelect={() => openWindow(links.whatsapp)}>
        WhatsApp
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Mail size={16} />} onSelect={() => window.location.assign(links.email)}>
        E-mail
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem icon={<Copy size={16} />} onSelect={() => void copy()}>
        Copy link
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Share2 size={16} />} onSelect={() => void nativeShare()}>
        Share…
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
