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
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useDeleteCategory, useMoveCategory } from '../api/categories';
import { useClearReports, useDeletePost, usePostReview } from '../api/moderation';
import { LOAD_ERRORS, useForumCategories, useReportQueue } from '../api/read';
import type { ForumCategory, ReportedPost } from '../api/types';
import { CategoryFormDialog } from '../components/category-form-dialog';
import { authorName, TimeAgo } from '../components/meta';
import { ReasonDialog } from '../components/reason-dialog';
import '../components/forum.css';
import { shownCategory } from '../lib/seeded-categories';

type Tab = 'categories' | 'reports';
const TABS: (Omit<TabOption<Tab>, 'label'> & { label: MessageKey })[] = [
  { value: 'categories', label: 'forum.tab.categories', icon: <FolderOpen size={16} /> },
  { value: 'reports', label: 'forum.admin.reportsTab', icon: <Flag size={16} /> },
];

function DeleteCategoryDialog({ category, onClose }: { category: ForumCategory | null; onClose: () => void }) {
  const { trigger, isMutating } = useDeleteCategory();
  const { toast } = useToast();
  const t = useT();
  if (category && category.topicsCount > 0) {
    // The interface blocks deleting a category with topics (spec 02 §5); the server refuses too.
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('forum.admin.deleteTitle')}
        size="sm"
        footer={
          <Button variant="outline" onClick={onClose}>
            {t('forum.close')}
          </Button>
        }
      >
        <p className="forum-dialog-text">
          {t('forum.admin.hasTopics', { count: category.topicsCount })}
        </p>
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      open={category !== null}
      onOpenChange={(open) => !open && !isMutating && onClose()}
      title={t('forum.admin.deleteTitle')}
      description={category ? t('forum.admin.deleteText', { name: category.name }) : ''}
      confirmLabel={t('forum.admin.deleteTitle')}
      pending={isMutating}
      onConfirm={async () => {
        if (!category) return;
        try {
          await trigger(category.id);
          toast({ title: t('forum.admin.deleted'), description: t('forum.admin.deletedText', { name: category.name }), variant: 'success' });
        } catch (error) {
          toast({ title: t('forum.admin.deleteFailed'), description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' });
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
  const t = useT();
  const [editing, setEditing] = useState<ForumCategory | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ForumCategory | null>(null);
  const [moving, setMoving] = useState<number | null>(null);
  // Seeded categories no admin has renamed show (and open for editing) in the admin's language.
  const items = categories.items.map(shownCategory);
  const open = (c: ForumCategory | null) => {
    setEditing(c);
    setFormOpen(true);
  };
  const doMove = async (c: ForumCategory, direction: 'up' | 'down') => {
    setMoving(c.id);
    try {
      await move.trigger({ id: c.id, direction });
    } catch (error) {
      toast({ title: t('forum.admin.moveFailed'), description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' });
    } finally {
      setMoving(null);
    }
  };
  const addButton = (
    <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => open(null)}>
      {t('forum.category.add')}
    </Button>
  );
  return (
    <>
      <div className="forum-admin-toolbar">{addButton}</div>
      <ListStates
        query={categories}
        isEmpty={items.length === 0}
        loading={{ label: t('forum.loading.categories'), rows: 4, height: 56 }}
        errorTitle={t('forum.error.title')}
        errorText={t(LOAD_ERRORS.adminCategories)}
        empty={{ icon: <FolderOpen size={26} />, title: t('forum.admin.none'), text: t('forum.admin.noneText'), action: addButton }}
        pager={categories}
      >
        <div className="forum-admin-table" role="table" aria-label={t('forum.admin.table')}>
          <div className="forum-admin-row forum-admin-row--head" role="row">
            <span role="columnheader">{t('forum.category.name')}</span>
            <span role="columnheader">{t('forum.category.slug')}</span>
            <span role="columnheader">{t('forum.category.description')}</span>
            <span role="columnheader">{t('forum.admin.topics')}</span>
            <span role="columnheader">{t('forum.category.sortOrder')}</span>
            <span role="columnheader">
              <span className="visually-hidden">{t('forum.admin.actions')}</span>
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
                {c.description || <span className="forum-muted">{t('forum.admin.noDescription')}</span>}
              </span>
              <span role="cell" className="forum-admin-row__topics">
                <span className="forum-admin-row__label">{t('forum.admin.topics')}</span>
                {c.topicsCount}
              </span>
              <span role="cell" className="forum-admin-row__order">
                <span className="forum-admin-row__label">{t('forum.admin.order')}</span>
                <span className="forum-admin-row__number">{c.sortOrder}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('forum.admin.moveUp', { name: c.name })}
                  disabled={i === 0 || moving !== null}
                  loading={moving === c.id && move.isMutating}
                  onClick={() => void doMove(c, 'up')}
                >
                  <ArrowUp size={16} aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('forum.admin.moveDown', { name: c.name })}
                  disabled={i === items.length - 1 || moving !== null}
                  onClick={() => void doMove(c, 'down')}
                >
                  <ArrowDown size={16} aria-hidden="true" />
                </Button>
              </span>
              <span role="cell" className="forum-admin-row__actions">
                <Button variant="ghost" size="icon" aria-label={t('forum.admin.edit', { name: c.name })} onClick={() => open(c)}>
                  <Pencil size={16} aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="forum-admin-delete"
                  aria-label={t('forum.admin.delete', { name: c.name })}
                  title={c.topicsCount > 0 ? t('forum.admin.hasTopicsTitle', { count: c.topicsCount }) : undefined}
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
  const t = useT();
  const act = async (reason: string) => {
    try {
      if (dialog === 'delete') {
        await remove.trigger({ id: item.post.id, reason });
        toast({ title: t('forum.post.deleted'), variant: 'success' });
      } else {
        await review.trigger({ id: item.post.id, inReview: true, reason });
        toast({ title: t('forum.post.inReview'), variant: 'success' });
      }
    } catch (error) {
      toast({
        title: dialog === 'delete' ? t('forum.post.deleteFailed') : t('forum.post.reviewFailed'),
        description: getErrorMessage(error, t('forum.tryLater')),
        variant: 'destructive',
      });
    }
    setDialog(null);
  };
  // The author's name is bold inside the sentence, wherever the language puts it.
  const [byBefore, byAfter] = t('forum.admin.replyBy', { name: '\u0000' }).split('\u0000');
  return (
    <li className="forum-report" aria-label={t('forum.admin.reportedBy', { name: authorName(item.post.username) })}>
      <div className="forum-report__head">
        <Link to={`/community/forum/topic/${item.topicId}#post-${item.post.id}`} className="forum-report__topic">
          {item.topicTitle}
        </Link>
        <span className="forum-report__meta">
          {byBefore}
          <strong>{authorName(item.post.username)}</strong>
          {byAfter} · <TimeAgo value={item.post.createdAt} />
          {item.post.inReview ? ` · ${t('forum.admin.underReview')}` : ''}
        </span>
      </div>
      <RichText className="forum-report__body" content={item.post.content} />
      <ul className="forum-report__reasons" aria-label={t('forum.admin.reports')}>
        {item.reports.map((r) => (
          <li key={r.id}>
            <Flag size={14} aria-hidden="true" />
            <span>
              <strong>{r.reporter || t('forum.unknownAuthor')}</strong>: {r.reason}
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
              toast({ title: t('forum.admin.cleared'), description: t('forum.admin.clearedText'), variant: 'success' });
            } catch (error) {
              toast({ title: t('forum.admin.clearFailed'), description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' });
            }
          }}
        >
          {t('forum.post.clear')}
        </Button>
        {!item.post.inReview ? (
          <Button variant="outline" size="sm" icon={<ShieldAlert size={15} aria-hidden="true" />} onClick={() => setDialog('review')}>
            {t('forum.post.placeInReview')}
          </Button>
        ) : null}
        <Button variant="danger" size="sm" icon={<Trash2 size={15} aria-hidden="true" />} onClick={() => setDialog('delete')}>
          {t('forum.admin.deletePost')}
        </Button>
      </div>
      <ReasonDialog
        open={dialog !== null}
        onOpenChange={(o) => !o && setDialog(null)}
        pending={remove.isMutating || review.isMutating}
        destructive={dialog === 'delete'}
        title={t(dialog === 'delete' ? 'forum.post.deleteTitle' : 'forum.post.reviewTitle')}
        description={t(dialog === 'delete' ? 'forum.admin.deleteReplyText' : 'forum.admin.reviewReplyText')}
        confirmLabel={t(dialog === 'delete' ? 'forum.post.deleteTitle' : 'forum.post.placeInReview')}
        onConfirm={(reason) => void act(reason)}
      />
    </li>
  );
}

function ReportsPanel() {
  const queue = useReportQueue(true);
  const t = useT();
  return (
    <ListStates
      query={queue}
      isEmpty={queue.items.length === 0}
      loading={{ label: t('forum.admin.reportsLoading'), rows: 3, height: 120 }}
      errorTitle={t('forum.error.title')}
      errorText={t('forum.admin.reportsFailed')}
      empty={{ icon: <Flag size={26} />, title: t('forum.admin.reportsNone'), text: t('forum.admin.reportsNoneText') }}
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
  const t = useT();
  useDocumentTitle(t('forum.admin.title'));
  const { user } = useSession();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'reports' ? 'reports' : 'categories';
  const allowed = user?.role === 'superadmin';
  const told = useRef(false);
  useEffect(() => {
    if (!allowed && !told.current) {
      told.current = true;
      toast({ title: t('forum.admin.denied'), description: t('forum.admin.deniedText'), variant: 'destructive' });
    }
  }, [allowed, toast, t]);
  if (!allowed) return <Navigate to="/" replace />;
  return (
    <div className="forum-page">
      <PageHeader eyebrow={t('nav.group.admin')} title={t('forum.admin.title')} description={t('forum.admin.description')} />
      <Tabs
        options={TABS.map((o) => ({ ...o, label: t(o.label) }))}
        value={tab}
        onChange={(value) => setParams(value === 'categories' ? {} : { tab: value }, { replace: true })}
        label={t('forum.admin.tabs')}
        idBase="forum-admin"
      />
      <TabPanel idBase="forum-admin" value={tab}>
        {tab === 'categories' ? <CategoriesPanel /> : <ReportsPanel />}
      </TabPanel>
    </div>
  );
}
