import { ArrowDown, ArrowUp, Check, Flag, FolderOpen, Pencil, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { RichText } from '@/components/rich-text/rich-text';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { TabPanel, Tabs, type TabOption } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteCategory, useMoveCategory } from '../api/categories';
import { useClearReports, useDeletePost, usePostReview } from '../api/moderation';
import { LOAD_ERRORS, useForumCategories, useReportQueue } from '../api/read';
import type { ForumCategory, ReportedPost } from '../api/types';
import { CategoryFormDialog } from '../components/category-form-dialog';
import { authorName, plural, TimeAgo } from '../components/meta';
import { ReasonDialog } from '../components/reason-dialog';
import '../components/forum.css';

type Tab = 'categories' | 'reports';
const TABS: TabOption<Tab>[] = [
  { value: 'categories', label: 'Categories', icon: <FolderOpen size={16} /> },
  { value: 'reports', label: 'Reported Posts', icon: <Flag size={16} /> },
];

function DeleteCategoryDialog({ category, onClose }: { category: ForumCategory | null; onClose: () => void }) {
  const { trigger, isMutating } = useDeleteCategory();
  const { toast } = useToast();
  if (category && category.topicsCount > 0) {
    // The interface blocks deleting a category with topics (spec 02 §5); the server refuses too.
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="Delete Category"
        size="sm"
        footer={
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        }
      >
        <p className="forum-dialog-text">
          This category has {plural(category.topicsCount, 'topic', 'topics')} and cannot be deleted.
        </p>
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      open={category !== null}
      onOpenChange={(open) => !open && !isMutating && onClose()}
      title="Delete Category"
      description={category ? `Are you sure you want to delete ${category.name}? This cannot be undone.` : ''}
      confirmLabel="Delete Category"
      pending={isMutating}
      onConfirm={async () => {
        if (!category) return;
        try {
          await trigger(category.id);
          toast({ title: 'Category deleted', description: `${category.name} was deleted.`, variant: 'success' });
        } catch (error) {
          toast({ title: 'Failed to delete category', description: getErrorMessage(error, 'Please try again later.'), variant: 'destructive' });
        }
        onClose();
      }}
    />
  );
}

function CategoriesPanel() {
  const categories = useForumCategories();
  const move = useMoveCategory();
  const { toast } = useToast();
  const [editing, setEditing] = useState<ForumCategory | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ForumCategory | null>(null);
  const [moving, setMoving] = useState<number | null>(null);
  const items = categories.items;
  const open = (c: ForumCategory | null) => {
    setEditing(c);
    setFormOpen(true);
  };
  const doMove = async (c: ForumCategory, direction: 'up' | 'down') => {
    setMoving(c.id);
    try {
      await move.trigger({ id: c.id, direction });
    } catch (error) {
      toast({ title: 'Failed to move category', description: getErrorMessage(error, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setMoving(null);
    }
  };
  const addButton = (
    <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => open(null)}>
      Add Category
    </Button>
  );
  return (
    <>
      <div className="forum-admin-toolbar">{addButton}</div>
      <ListStates
        query={categories}
        isEmpty={items.length === 0}
        loading={{ label: 'Loading categories…', rows: 4, height: 56 }}
        errorTitle="Something went wrong"
        errorText={LOAD_ERRORS.adminCategories}
        empty={{ icon: <FolderOpen size={26} />, title: 'No categories', text: 'No categories found. Create one to get started.', action: addButton }}
        pager={categories}
      >
        <div className="forum-admin-table" role="table" aria-label="Forum categories">
          <div className="forum-admin-row forum-admin-row--head" role="row">
            <span role="columnheader">Name</span>
            <span role="columnheader">Slug</span>
            <span role="columnheader">Description</span>
            <span role="columnheader">Topics</span>
            <span role="columnheader">Sort order</span>
            <span role="columnheader">
              <span className="visually-hidden">Actions</span>
            </span>
          </div>
          {items.map((c, i) => (
            <div className="forum-admin-row" role="row" key={c.id} aria-label={c.name}>
              <span role="cell" className="forum-admin-row__name">
                <Link to={`/community/forum/category/${c.slug}`}>{c.name}</Link>
              </span>
              <span role="cell" className="forum-admin-row__slug">
                <code>{c.slug}</code>
              </span>
              <span role="cell" className="forum-admin-row__description">
                {c.description || <span className="forum-muted">No description</span>}
              </span>
              <span role="cell" className="forum-admin-row__topics">
                <span className="forum-admin-row__label">Topics</span>
                {c.topicsCount}
              </span>
              <span role="cell" className="forum-admin-row__order">
                <span className="forum-admin-row__label">Order</span>
                <span className="forum-admin-row__number">{c.sortOrder}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${c.name} up`}
                  disabled={i === 0 || moving !== null}
                  loading={moving === c.id && move.isMutating}
                  onClick={() => void doMove(c, 'up')}
                >
                  <ArrowUp size={16} aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${c.name} down`}
                  disabled={i === items.length - 1 || moving !== null}
                  onClick={() => void doMove(c, 'down')}
                >
                  <ArrowDown size={16} aria-hidden="true" />
                </Button>
              </span>
              <span role="cell" className="forum-admin-row__actions">
                <Button variant="ghost" size="icon" aria-label={`Edit ${c.name}`} onClick={() => open(c)}>
                  <Pencil size={16} aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="forum-admin-delete"
                  aria-label={`Delete ${c.name}`}
                  title={c.topicsCount > 0 ? `This category has ${plural(c.topicsCount, 'topic', 'topics')} and cannot be deleted` : undefined}
                  onClick={() => setDeleting(c)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </Button>
              </span>
            </div>
          ))}
        </div>
      </ListStates>
      <CategoryFormDialog open={formOpen} onOpenChange={setFormOpen} category={editing} count={items.length} />
      <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function ReportCard({ item }: { item: ReportedPost }) {
  const [dialog, setDialog] = useState<'delete' | 'review' | null>(null);
  const clear = useClearReports();
  const remove = useDeletePost();
  const review = usePostReview();
  const { toast } = useToast();
  const act = async (reason: string) => {
    try {
      if (dialog === 'delete') {
        await remove.trigger({ id: item.post.id, reason });
        toast({ title: 'Post Deleted', variant: 'success' });
      } else {
        await review.trigger({ id: item.post.id, inReview: true, reason });
        toast({ title: 'Post Under Review', variant: 'success' });
      }
    } catch (error) {
      toast({
        title: dialog === 'delete' ? 'Failed to Delete Post' : 'Failed to Update Review Status',
        description: getErrorMessage(error, 'Please try again later.'),
        variant: 'destructive',
      });
    }
    setDialog(null);
  };
  return (
    <li className="forum-report" aria-label={`Reported reply by ${authorName(item.post.username)}`}>
      <div className="forum-report__head">
        <Link to={`/community/forum/topic/${item.topicId}#post-${item.post.id}`} className="forum-report__topic">
          {item.topicTitle}
        </Link>
        <span className="forum-report__meta">
          Reply by <strong>{authorName(item.post.username)}</strong> · <TimeAgo value={item.post.createdAt} />
          {item.post.inReview ? ' · under review' : ''}
        </span>
      </div>
      <RichText className="forum-report__body" content={item.post.content} />
      <ul className="forum-report__reasons" aria-label="Reports">
        {item.reports.map((r) => (
          <li key={r.id}>
            <Flag size={14} aria-hidden="true" />
            <span>
              <strong>{r.reporter || 'Unknown'}</strong>: {r.reason}
            </span>
            <TimeAgo value={r.createdAt} />
          </li>
        ))}
      </ul>
      <div className="forum-report__actions">
        <Button
          variant="outline"
          size="sm"
          loading={clear.isMutating}
          icon={<Check size={15} aria-hidden="true" />}
          onClick={async () => {
            try {
              await clear.trigger(item.post.id);
              toast({ title: 'Reports Cleared', description: 'The reply stays as it is.', variant: 'success' });
            } catch (error) {
              toast({ title: 'Failed to Clear Reports', description: getErrorMessage(error, 'Please try again later.'), variant: 'destructive' });
            }
          }}
        >
          Clear
        </Button>
        {!item.post.inReview ? (
          <Button variant="outline" size="sm" icon={<ShieldAlert size={15} aria-hidden="true" />} onClick={() => setDialog('review')}>
            Place in Review
          </Button>
        ) : null}
        <Button variant="danger" size="sm" icon={<Trash2 size={15} aria-hidden="true" />} onClick={() => setDialog('delete')}>
          Delete Post
        </Button>
      </div>
      <ReasonDialog
        open={dialog !== null}
        onOpenChange={(o) => !o && setDialog(null)}
        pending={remove.isMutating || review.isMutating}
        destructive={dialog === 'delete'}
        title={dialog === 'delete' ? 'Delete Reply' : 'Place Reply in Review'}
        description={
          dialog === 'delete'
            ? 'The reply and its reports will be deleted. Its author is told, with your reason.'
            : 'The reply will be hidden from everyone but its author and superadmins. Its author is told, with your reason.'
        }
        confirmLabel={dialog === 'delete' ? 'Delete Reply' : 'Place in Review'}
        onConfirm={(reason) => void act(reason)}
      />
    </li>
  );
}

function ReportsPanel() {
  const queue = useReportQueue(true);
  return (
    <ListStates
      query={queue}
      isEmpty={queue.items.length === 0}
      loading={{ label: 'Loading reported posts…', rows: 3, height: 120 }}
      errorTitle="Something went wrong"
      errorText="Failed to load reported posts. Please try again later."
      empty={{ icon: <Flag size={26} />, title: 'Nothing to review', text: 'No reported posts. Reports from members appear here.' }}
      pager={queue}
    >
      <ul className="forum-reports">
        {queue.items.map((item) => (
          <ReportCard key={item.post.id} item={item} />
        ))}
      </ul>
    </ListStates>
  );
}

/**
 * ForumCategoriesAdminPage (/admin/forum-categories, superadmins; spec 02 §2): the categories
 * with their slug, description, topic count and sort order (up and down), Add/Edit Category
 * and Delete (refused while a category has topics); and the queue of reported posts, cleared
 * or deleted here. Other signed-in users go to / with "Access denied".
 */
export function ForumCategoriesAdminPage() {
  useDocumentTitle('Forum Categories');
  const { user } = useSession();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'reports' ? 'reports' : 'categories';
  const allowed = user?.role === 'superadmin';
  const told = useRef(false);
  useEffect(() => {
    if (!allowed && !told.current) {
      told.current = true;
      toast({ title: 'Access denied', description: 'Only superadmins can access this page.', variant: 'destructive' });
    }
  }, [allowed, toast]);
  if (!allowed) return <Navigate to="/" replace />;
  return (
    <div className="forum-page">
      <PageHeader eyebrow="Administration" title="Forum Categories" description="Organise the community forum and review reported posts." />
      <Tabs
        options={TABS}
        value={tab}
        onChange={(value) => setParams(value === 'categories' ? {} : { tab: value }, { replace: true })}
        label="Forum administration"
        idBase="forum-admin"
      />
      <TabPanel idBase="forum-admin" value={tab}>
        {tab === 'categories' ? <CategoriesPanel /> : <ReportsPanel />}
      </TabPanel>
    </div>
  );
}
