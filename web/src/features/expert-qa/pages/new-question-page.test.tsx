import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEntry, makePlant, makeTask } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';

const question = (id: number, title: string, status = 'Open') => ({
  id, userId: 2, title, content: '<p>x</p>', excerpt: 'x', tags: [], status, answerCount: 0, createdAt: '2026-11-20T10:00:00Z', isMine: false,
});

describe('Ask a Question', () => {
  it('suggests similar questions while the title is typed, then posts the question', async () => {
    signedInGardener();
    let posted: Record<string, unknown> | undefined;
    server.use(
      http.get('*/api/expert-qa/similar', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        return HttpResponse.json(q.includes('basil') ? [question(3, 'Yellow leaves on basil', 'Answered')] : []);
      }),
      http.post('*/api/expert-qa', async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(question(9, String(posted.title)), { status: 201 });
      }),
      http.get('*/api/expert-qa/9', () => HttpResponse.json({ ...question(9, 'Why is my basil yellow?'), answers: [], canAccept: true })),
    );
    const { user, router } = renderApp('/community/expert-qa/new');
    await user.type(await screen.findByLabelText('Title'), 'Why is my basil yellow?');
    expect(await screen.findByRole('link', { name: 'Yellow leaves on basil' }, { timeout: 3000 })).toHaveAttribute('href', '/community/expert-qa/3');
    await user.click(screen.getByRole('button', { name: 'Post Question' }));
    expect(await screen.findByText('Content must be at least 20 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Details'), 'The lower leaves turn yellow within a week.');
    await user.type(screen.getByLabelText('Tags'), 'Basil, herbs');
    await user.click(screen.getByRole('button', { name: 'Post Question' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/community/expert-qa/9'));
    expect(posted).toMatchObject({ title: 'Why is my basil yellow?', tags: ['basil', 'herbs'] });
  }, 20000);

  it('asks about one of my plants with its species, last care and newest journal photo', async () => {
    signedInGardener();
    server.use(
      http.get('*/api/plants/4', () => HttpResponse.json(makePlant({ id: 4, name: 'Basil', species: 'Ocimum basilicum', plantType: 'Herbs' }))),
      http.get('*/api/plants/4/care-tasks', () =>
        HttpResponse.json([makeTask({ plantId: 4, taskType: 'water', completed: true, completedDate: '2026-11-20', scheduledDate: '2026-11-20' })]),
      ),
      http.get('*/api/plants/4/journal-entries', () =>
        HttpResponse.json([
          makeEntry({ plantId: 4, entryDate: '2026-10-01', imageUrl: '/api/images/old.png' }),
          makeEntry({ plantId: 4, entryDate: '2026-11-01', imageUrl: '/api/images/new.png' }),
        ]),
      ),
      http.get('*/api/expert-qa/similar', () => HttpResponse.json([])),
    );
    renderApp('/community/expert-qa/new?plantId=4');
    const details = await screen.findByLabelText('Details');
    expect((details as HTMLTextAreaElement).value).toContain('About my plant: Basil (Ocimum basilicum), Herbs.');
    expect((details as HTMLTextAreaElement).value).toContain('Last care: water on 2026-11-20.');
    expect(screen.getByAltText('Preview of the chosen image')).toHaveAttribute('src', '/api/images/new.png');
  });
});
