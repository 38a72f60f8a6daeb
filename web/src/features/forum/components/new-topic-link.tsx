import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { useT } from '@/lib/i18n/provider';

/** NewTopicLink opens the new topic page, with the category preselected when given. */
export function NewTopicLink({ categoryId, label }: { categoryId?: number; label?: string }) {
  const t = useT();
  const to = categoryId ? `/community/forum/new?categoryId=${categoryId}` : '/community/forum/new';
  return (
    <Link to={to} className={buttonClass('primary', 'md')}>
      <Plus size={18} aria-hidden="true" />
      {label ?? t('forum.newTopic')}
    </Link>
  );
}
