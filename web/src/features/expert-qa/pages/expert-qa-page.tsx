import { GraduationCap, HelpCircle, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SearchToolbar } from '@/components/ui/search-field';
import { PagedListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { TabPanel, Tabs, type TabOption } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useQuestions, useQuestionTags, type QuestionTab } from '../api/questions';
import { QuestionCard } from '../components/question-card';
import '../expert-qa.css';

const TABS: TabOption<QuestionTab>[] = [
  { value: 'all', label: 'All Questions' },
  { value: 'open', label: 'Unanswered' },
  { value: 'answered', label: 'Answered' },
  { value: 'mine', label: 'My Questions' },
];

/** ExpertQAPage (/community/expert-qa): questions put to the experts. */
export function ExpertQAPage() {
  useDocumentTitle('Expert Q&A');
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const [params, setParams] = useSearchParams();
  const requested = (params.get('tab') ?? 'all') as QuestionTab;
  const tab = TABS.some((t) => t.value === requested) && (requested !== 'mine' || signedIn) ? requested : 'all';
  const tag = params.get('tag') ?? '';
  const [search, setSearch] = useState('');
  const query = useDebounced(search);
  const questions = useQuestions(query, tab, tag);
  const tags = useQuestionTags();
  const set = (next: { tab?: QuestionTab; tag?: string }) => {
    const p = new URLSearchParams(params);
    const t = next.tab ?? tab;
    const g = next.tag ?? tag;
    if (t === 'all') p.delete('tab');
    else p.set('tab', t);
    if (g) p.set('tag', g);
    else p.delete('tag');
    setParams(p, { replace: true });
  };
  const filtered = Boolean(query.trim() || tag);

  return (
    <div className="qa-page">
      <PageHeader
        title="Expert Q&A"
        description="Ask gardening experts and learn from answered questions."
        actions={
          <LinkButton to="/community/expert-qa/new" icon={<Plus size={18} aria-hidden="true" />}>
            Ask a Question
          </LinkButton>
        }
      />
      <div className="qa-layout">
        <div className="qa-layout__main">
          <SearchToolbar className="qa-toolbar" label="Search questions" placeholder="Search questions" value={search} onChange={setSearch} />
          <Tabs
            options={signedIn ? TABS : TABS.filter((t) => t.value !== 'mine')}
            value={tab}
            label="Questions"
            idBase="qa"
            onChange={(value) => set({ tab: value })}
          />
          <TabPanel idBase="qa" value={tab}>
            <PagedListStates
              list={questions}
              filtered={filtered}
              noun="questions"
              loading={{ rows: 4, height: 120 }}
              errorText="Failed to load questions. Please try again later."
              empty={{
                icon: <HelpCircle size={26} />,
                text: 'Ask the first question: our experts are happy to help.',
                action: <LinkButton to="/community/expert-qa/new" variant="outline">Ask a Question</LinkButton>,
              }}
              noResultsState={{
                text: 'No questions found.',
                onClear: () => {
                  setSearch('');
                  set({ tag: '' });
                },
              }}
            >
              <ul className="question-list" aria-label="Questions">
                {questions.items.map((q) => (
                  <li key={q.id}>
                    <QuestionCard question={q} onTag={(t) => set({ tag: t })} />
                  </li>
                ))}
              </ul>
            </PagedListStates>
          </TabPanel>
        </div>
        <aside className="qa-layout__side">
          <Card aria-label="About Expert Q&A">
            <CardHeader icon={<GraduationCap size={18} />} title="About Expert Q&A" />
            <CardBody>
              <p>
                Our experts are experienced gardeners and the site's administrators. Their answers carry an <strong>Expert</strong>{' '}
                badge and come first. A question is answered once an expert replies or the asker accepts an answer.
              </p>
            </CardBody>
          </Card>
          {tags.data && tags.data.length > 0 ? (
            <Card aria-label="Popular tags">
              <CardHeader title="Popular tags" />
              <CardBody>
                <ul className="tag-list">
                  {tag ? (
                    <li>
                      <button type="button" className="tag" onClick={() => set({ tag: '' })}>
                        All tags
                      </button>
                    </li>
                  ) : null}
                  {tags.data.map((t) => (
                    <li key={t.tag}>
                      <button type="button" className="tag" aria-pressed={t.tag === tag} onClick={() => set({ tag: t.tag === tag ? '' : t.tag })}>
                        #{t.tag} ({t.count})
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
