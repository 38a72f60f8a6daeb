import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';

/** NewTopicLink opens the new topic page, with the category preselected when given. */
export function NewTopicLink({ categoryId, label = 'New Topic' }: { categoryId?: number; label?: string }) {
  const to = categoryId ? `/community/forum/new?categoryId=${categoryId}` : '/community/forum/new';
  return (
    <Link to={to} className={buttonClass('primary', 'md')}>
      <Plus size={18} aria-hidden="true" />
      {label}
    </Link>
  );
}
