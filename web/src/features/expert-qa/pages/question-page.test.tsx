import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { instantFromNow } from '@/testing/clock';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';
import type { Answer, QuestionDetail } from '../api/types';

vi.mock('@/components/rich-text-editor/rich-text-editor', () => import('@/components/rich-text-editor/test-editor'));

const answer = (id: number, username: string, isExpert: boolean, isAccepted = false): Answer => ({
  id, questionId: 5, userId: id + 10, content: `<p>Answer from ${username}</p>`, isExpert, isAccepted, username, createdAt: '2026-11-21T10:00:00Z', userAvatar: null,
});

const detail = (overrides: Partial<QuestionDetail> = {}): QuestionDetail => ({
  id: 5, userId: 1, title: 'Why are my basil leaves yellow?', content: '<p>The <b>lower</b> leaves turn yellow.</p>', excerpt: '', tags: ['basil'],
  status: 'Answered', answerCount: 2, createdAt: '2026-11-20T10:00:00Z', isMine: true, username: 'gardener',
  answers: [answer(1, 'sage', true), answer(2, 'bea', false)], canAccept: true,
  imageUrl: '', acceptedAnswerId: null, userAvatar: null, updatedAt: '2026-11-20T10:00:00Z', editedAt: null, edited: false, canEdit: true, ...overrides,
});

describe('Question page', () => {
  it('shows answers with the Expert badge, lets the asker accept one and answer', async () => {
    signedInGardener({ id: 1 });
    const calls: string[] = [];
    server.use(
      http.get('*/api/expert-qa/5', () => HttpResponse.json(detail())),
      http.post('*/api/expert-qa/5/answers/2/accept', () => {
        calls.push('accept 2');
        return HttpResponse.json({ ...detail(), acceptedAnswerId: 2 });
      }),
      http.post('*/api/expert-qa/5/answers', async ({ request }) => {
        calls.push(`answer ${((await request.json()) as { content: string }).content}`);
        return HttpResponse.json(answer(3, 'gardener', false), { status: 201 });
      }),
    );
    const { user } = renderApp('/community/expert-qa/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Why are my basil leaves yellow?' })).toBeInTheDocument();
    const sage = screen.getByRole('listitem', { name: 'Answer by sage' });
    expect(within(sage).getByText('Expert')).toBeInTheDocument();
    const bea = screen.getByRole('listitem', { name: 'Answer by bea' });
    expect(within(bea).queryByText('Expert')).not.toBeInTheDocument();
    await user.click(within(bea).getByRole('button', { name: 'Accept answer' }));
    expect(await screen.findByText('Answer accepted')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post Answer' }));
    expect(await screen.findByText('Please enter an answer')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your answer'), 'Thanks, I will try that.');
    await user.click(screen.getByRole('button', { name: 'Post Answer' }));
    expect(await screen.findByText('Answer Posted')).toBeInTheDocument();
    expect(calls).toEqual(['accept 2', 'answer Thanks, I will try that.']);
  }, 20000);

  it('offers no accept button to others and asks visitors to sign in to answer', async () => {
    server.use(http.get('*/api/expert-qa/5', () => HttpResponse.json(detail({ canAccept: false, isMine: false }))));
    renderApp('/community/expert-qa/5');
    await screen.findByRole('heading', { level: 1, name: 'Why are my basil leaves yellow?' });
    expect(screen.queryByRole('button', { name: 'Accept answer' })).not.toBeInTheDocument();
    expect(screen.getByText('Sign in to answer')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your answer')).not.toBeInTheDocument();
  });

  it('lets the asker edit an unanswered question with the new-question rules, and shows "(edited)"', async () => {
    signedInGardener({ id: 1 });
    let current = detail({ status: 'Open', answerCount: 0, answers: [], canEdit: true, createdAt: instantFromNow(-1) });
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get('*/api/expert-qa/5', () => HttpResponse.json(current)),
      http.patch('*/api/expert-qa/5', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        current = { ...current, ...sent, edited: true, editedAt: instantFromNow(0) } as QuestionDetail;
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp('/community/expert-qa/5');
    await screen.findByRole('heading', { level: 1, name: 'Why are my basil leaves yellow?' });
    expect(screen.queryByText('(edited)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit question' }));
    const form = screen.getByRole('form', { name: 'Edit your question' });
    const title = within(form).getByLabelText('Title');
    expect(title).toHaveValue('Why are my basil leaves yellow?');
    expect(within(form).getByLabelText('Tags')).toHaveValue('basil');

    await user.clear(title);
    await user.type(title, 'Why');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText('Title must be at least 5 characters')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(title, ' are my basil leaves pale?');
    await user.clear(within(form).getByLabelText('Tags'));
    await user.type(within(form).getByLabelText('Tags'), 'Basil, yellow leaves');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Question Updated')).toBeInTheDocument();
    expect(sent).toEqual({ title: 'Why are my basil leaves pale?', content: '<p>The <b>lower</b> leaves turn yellow.</p>', tags: ['basil', 'yellow leaves'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Why are my basil leaves pale?' })).toBeInTheDocument();
    expect(screen.getByText('(edited)')).toBeInTheDocument();
  }, 20000);

  it('offers no Edit once the question has answers (canEdit false)', async () => {
    signedInGardener({ id: 1 });
    server.use(http.get('*/api/expert-qa/5', () => HttpResponse.json(detail({ canEdit: false }))));
    renderApp('/community/expert-qa/5');
    await screen.findByRole('heading', { level: 1, name: 'Why are my basil leaves yellow?' });
    expect(screen.queryByRole('button', { name: 'Edit question' })).not.toBeInTheDocument();
  });
});
