import { Flame, FolderOpen, MessagesSquare, Search, Sparkles, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { TabPanel, Tabs, type TabOption } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { LOAD_ERRORS, useForumCategories, useForumSearch, useLatestTopics, usePopularTopics } from '../api/read';
import { TimeAgo } from '../components/meta';
import { NewTopicLink } from '../components/new-topic-link';
import { TopicRow } from '../components/topic-row';
import '../components/forum.css';
import { shownCategory } from '../lib/seeded-categories';

type Tab = 'categories' | 'latest' | 'popular';

const TABS: (Omit<TabOption<Tab>, 'label'> & { label: MessageKey })[] = [
  { value: 'categories', label: 'forum.tab.categories', icon: <FolderOpen size={16} /> },
  { value: 'latest', label: 'forum.tab.latest', icon: <Sparkles size={16} /> },
  { value: 'popular', label: 'forum.tab.popular', icon: <Flame size={16} /> },
];

function isTab(value: string | null): value is Tab {
  return value === 'categories' || value === 'latest' || value === 'popular';
}

function CategoriesPanel() {
  const categories = useForumCategories();
  const t = useT();
  return (
    <ListStates
      query={categories}
      isEmpty={categories.items.length === 0}
      loading={{ label: t('forum.loading.categories'), rows: 4, height: 88 }}
      errorTitle={t('forum.error.title')}
      errorText={t(LOAD_ERRORS.categories)}
      empty={{ icon: <FolderOpen size={26} />, title: t('forum.categories.none'), text: t('forum.categories.noneText') }}
      pager={categories}
    >
      <ul className="forum-categories">
        {categories.items.map(shownCategory).map((c) => (
          <li key={c.id}>
            <Link to={`/community/forum/category/${c.slug}`} className="forum-category">
              <span className="icon-tile forum-category__icon" aria-hidden="true">
                <MessagesSquare size={20} />
              </span>
              <span className="forum-category__text">
                <span className="forum-category__name">{c.name}</span>
                {c.description ? <span className="forum-category__description">{c.description}</span> : null}
              </span>
              <span className="forum-category__meta">
                <span className="forum-category__count">{t('forum.count.topics', { count: c.topicsCount })}</span>
                <span className="forum-category__created">
                  {c.lastActivityAt ? <TimeAgo value={c.lastActivityAt} prefix={t('forum.topic.active')} /> : t('forum.categories.noPosts')}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </ListStates>
  );
}

function TopicsPanel({ popular }: { popular: boolean }) {
  const latest = useLatestTopics(!popular);
  const top = usePopularTopics(popular);
  const list = popular ? top : latest;
  const t = useT();
  return (
    <ListStates
      query={list}
      isEmpty={list.items.length === 0}
      loading={{ label: popular ? t('forum.loading.popular') : t('forum.loading.topics'), rows: 5, height: 72 }}
      errorTitle={t('forum.error.title')}
      errorText={t(popular ? LOAD_ERRORS.popular : LOAD_ERRORS.topics)}
      empty={{ icon: <MessagesSquare size={26} />, title: t('forum.topics.none'), text: t('forum.topics.noneText'), action: <NewTopicLink /> }}
      pager={list}
    >
      <ul className="forum-topics">
        {list.items.map((topic) => (
          <TopicRow key={topic.id} topic={topic} showCategory showViews={popular} />
        ))}
      </ul>
    </ListStates>
  );
}

function SearchResults({ q, onClear }: { q: string; onClear: () => void }) {
  const hits = useForumSearch(q);
  const t = useT();
  return (
    <section aria-label={t('forum.search.results')} className="forum-search-results">
      <ListStates
        query={hits}
        isEmpty={false}
        noResults={hits.items.length === 0}
        loading={{ label: t('forum.search.searching'), rows: 3, height: 72 }}
        errorTitle={t('forum.search.failed')}
        empty={{ title: '' }}
        noResultsState={{ text: t('forum.search.none', { q }), onClear }}
        pager={hits}
      >
        <ul className="forum-hits">
          {hits.items.map((hit) => (
            <li key={`${hit.topicId}-${hit.postId ?? 0}`} className="forum-hit">
              <Link to={hit.url} className="forum-hit__title">
                {hit.title}
              </Link>
              <p className="forum-hit__kind">
                {t(hit.postId ? 'forum.search.replyBy' : 'forum.search.topicBy', { name: hit.username ?? t('forum.unknownAuthor') })} · <TimeAgo value={hit.createdAt} />
              </p>
              {/* The server escapes the text and adds only <mark>. */}
              <p className="forum-hit__snippet rich-text" dangerouslySetInnerHTML={{ __html: hit.snippet }} />
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}

/**
 * ForumHomePage (/community/forum, spec 02 §2): Community Forum with New Topic, a search of
 * titles and bodies, and the Categories (default), Latest and Popular tabs; Popular loads
 * only once its tab is opened. Visitors read; writing asks them to sign in.
 */
export function ForumHomePage() {
  const t = useT();
  useDocumentTitle(t('forum.title'));
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'categories';
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() || null });
  };

  return (
    <div className="forum-page">
      <PageHeader
        title={t('forum.title')}
        description={t('forum.description')}
        actions={<NewTopicLink />}
      />
      <form role="search" className="forum-search" onSubmit={search}>
        <label htmlFor="forum-search" className="visually-hidden">
          {t('forum.search.label')}
        </label>
        <div className="forum-search__field">
          <Search size={18} aria-hidden="true" className="forum-search__icon" />
          <input
          id="forum-search"
          className="input forum-search__input"
          type="search"
          placeholder={t('forum.search.placeholder')}
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
          />
          {q ? (
            <button type="button" className="forum-search__clear" aria-label={t('forum.search.clear')} onClick={() => update({ q: null })}>
              <X size={16} aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <button type="submit" className="forum-search__submit">
          {t('forum.search.submit')}
        </button>
      </form>
      {q ? (
        <SearchResults q={q} onClear={() => update({ q: null })} />
      ) : (
        <>
          <Tabs
            options={TABS.map((o) => ({ ...o, label: t(o.label) }))}
            value={tab}
            onChange={(value) => update({ tab: value === 'categories' ? null : value })}
            label={t('forum.tab.label')}
            idBase="forum"
          />
          <TabPanel idBase="forum" value={tab}>
            {tab === 'categories' ? <CategoriesPanel /> : <TopicsPanel key={tab} popular={tab === 'popular'} />}
          </TabPanel>
        </>
      )}
    </div>
  );
}
