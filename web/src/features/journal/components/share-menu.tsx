import { Copy, Globe, Mail, MessageCircle, Send, Share2 } from 'lucide-react';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';
import { useT } from '@/lib/i18n/provider';

export interface ShareTarget {
  title: string;
  text: string;
  url: string;
}

/** shareLinks: the social networks' share addresses for a link and its text. */
export function shareLinks({ title, text, url }: ShareTarget) {
  const u = encodeURIComponent(url);
  const body = encodeURIComponent(text);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://twitter.com/intent/tweet?text=${body}&url=${u}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`,
  };
}

/** The networks' own names, the same in every language. */
const NETWORKS = { facebook: 'Facebook', x: 'X (Twitter)', whatsapp: 'WhatsApp' };

function openWindow(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** ShareMenu: share a journal entry on social networks, by e-mail, as a copied link, or natively. */
export function ShareMenu({ target, label }: { target: ShareTarget; label: string }) {
  const { toast } = useToast();
  const t = useT();
  const links = shareLinks(target);

  const nativeShare = async () => {
    if (typeof navigator.share !== 'function') {
      toast({ title: t('journal.share.unsupported'), description: t('journal.share.unsupportedText'), variant: 'destructive' });
      return;
    }
    try {
      await navigator.share({ title: target.title, text: target.text, url: target.url });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast({ title: t('journal.share.failed'), variant: 'destructive' });
    }
  };

  const copy = async () => {
    if (await copyText(target.url)) toast({ title: t('journal.share.copied'), variant: 'success' });
    else toast({ title: t('journal.share.failed'), description: t('journal.share.copyFailed'), variant: 'destructive' });
  };

  return (
    <DropdownMenu
      align="start"
      trigger={
        <Button variant="ghost" size="sm" icon={<Share2 size={16} aria-hidden="true" />} aria-label={label}>
          {t('journal.share')}
        </Button>
      }
    >
      <DropdownMenuItem icon={<Globe size={16} />} onSelect={() => openWindow(links.facebook)}>
        {NETWORKS.facebook}
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Send size={16} />} onSelect={() => openWindow(links.x)}>
        {NETWORKS.x}
      </DropdownMenuItem>
      <DropdownMenuItem icon={<MessageCircle size={16} />} onSelect={() => openWindow(links.whatsapp)}>
        {NETWORKS.whatsapp}
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Mail size={16} />} onSelect={() => window.location.assign(links.email)}>
        {t('journal.share.email')}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem icon={<Copy size={16} />} onSelect={() => void copy()}>
        {t('journal.share.copy')}
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Share2 size={16} />} onSelect={() => void nativeShare()}>
        {t('journal.share.native')}
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
