import { GraduationCap, HelpCircle, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SearchToolbar } from '@/components/ui/search-field';
import { PagedListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { TabPanel, Tabs, type TabOption } from '@/components/ui/tabs';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useQuestions, useQuestionTags, type QuestionTab } from '../api/questions';
import { QuestionCard } from '../components/question-card';
import '../expert-qa.css';

const TABS: { value: QuestionTab; label: MessageKey }[] = [
  { value: 'all', label: 'qa.tab.all' },
  { value: 'open', label: 'qa.tab.open' },
  { value: 'answered', label: 'qa.tab.answered' },
  { value: 'mine', label: 'qa.tab.mine' },
];

/** ExpertQAPage (/community/expert-qa): questions put to the experts. */
export function ExpertQAPage() {
  const t = useT();
  useDocumentTitle(t('nav.expertQa'));
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const [params, setParams] = useSearchParams();
  const requested = (params.get('tab') ?? 'all') as QuestionTab;
  const tab = TABS.some((o) => o.value === requested) && (requested !== 'mine' || signedIn) ? requested : 'all';
  const tag = params.get('tag') ?? '';
  const [search, setSearch] = useState('');
  const query = useDebounced(search);
  const questions = useQuestions(query, tab, tag);
  const tags = useQuestionTags();
  const set = (next: { tab?: QuestionTab; tag?: string }) => {
    const p = new URLSearchParams(params);
    const nextTab = next.tab ?? tab;
    const g = next.tag ?? tag;
    if (nextTab === 'all') p.delete('tab');
    else p.set('tab', nextTab);
    if (g) p.set('tag', g);
    else p.delete('tag');
    setParams(p, { replace: true });
  };
  const filtered = Boolean(query.trim() || tag);
  // The badge's name is bold inside the sentence, wherever the language puts it.
  const [aboutBefore, aboutAfter] = t('qa.about.text', { expert: '\u0000' }).split('\u0000');
  const tabs: TabOption<QuestionTab>[] = TABS.filter((o) => signedIn || o.value !== 'mine').map((o) => ({ value: o.value, label: t(o.label) }));

  return (
    <div className="qa-page">
      <PageHeader
        title={t('nav.expertQa')}
        description={t('qa.list.description')}
        actions={
          <LinkButton to="/community/expert-qa/new" icon={<Plus size={18} aria-hidden="true" />}>
            {t('qa.ask')}
          </LinkButton>
        }
      />
      <div className="qa-layout">
        <div className="qa-layout__main">
          <SearchToolbar className="qa-toolbar" label={t('qa.list.search')} placeholder={t('qa.list.search')} value={search} onChange={setSearch} />
          <Tabs
            options={tabs}
            value={tab}
            label={t('qa.list.label')}
            idBase="qa"
            onChange={(value) => set({ tab: value })}
          />
          <TabPanel idBase="qa" value={tab}>
            <PagedListStates
              list={questions}
              filtered={filtered}
              noun={t('qa.list.noun')}
              loading={{ rows: 4, height: 120, label: t('qa.list.loading') }}
              errorTitle={t('qa.list.failedTitle')}
              errorText={t('qa.list.failed')}
              empty={{
                icon: <HelpCircle size={26} />,
                title: t('qa.list.none'),
                text: t('qa.list.noneText'),
                action: <LinkButton to="/community/expert-qa/new" variant="outline">{t('qa.ask')}</LinkButton>,
              }}
              noResultsState={{
                text: t('qa.list.noResults'),
                onClear: () => {
                  setSearch('');
                  set({ tag: '' });
                },
              }}
            >
              <ul className="question-list" aria-label={t('qa.list.label')}>
                {questions.items.map((q) => (
                  <li key={q.id}>
                    <QuestionCard question={q} onTag={(g) => set({ tag: g })} />
                  </li>
                ))}
              </ul>
            </PagedListStates>
          </TabPanel>
        </div>
        <aside className="qa-layout__side">
          <Card aria-label={t('qa.about.title')}>
            <CardHeader icon={<GraduationCap size={18} />} title={t('qa.about.title')} />
            <CardBody>
              <p>
                {aboutBefore}
                <strong>{t('qa.about.expert')}</strong>
                {aboutAfter}
              </p>
            </CardBody>
          </Card>
          {tags.data && tags.data.length > 0 ? (
            <Card aria-label={t('qa.tags.popular')}>
              <CardHeader title={t('qa.tags.popular')} />
              <CardBody>
                <ul className="tag-list">
                  {tag ? (
                    <li>
                      <button type="button" className="tag" onClick={() => set({ tag: '' })}>
                        {t('qa.tags.all')}
                      </button>
                    </li>
                  ) : null}
                  {tags.data.map((c) => (
                    <li key={c.tag}>
                      <button type="button" className="tag" aria-pressed={c.tag === tag} onClick={() => set({ tag: c.tag === tag ? '' : c.tag })}>
                        #{c.tag} ({c.count})
                      </button>
                    </li>
                  ))}
                </ul>
              </CardBody>
            </Card>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
