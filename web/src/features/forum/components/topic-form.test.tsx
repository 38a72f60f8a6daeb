import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/server';
import { renderWithSession } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import type { ForumCategory } from '../api/types';
import { TopicForm } from './topic-form';

vi.mock('@/components/rich-text-editor/rich-text-editor', () => import('./test-editor'));

const categories: ForumCategory[] = [
  { id: 1, name: 'Fruit & Veg', slug: 'fruit-veg', description: '', topicsCount: 0, sortOrder: 1, createdAt: '2026-06-01T08:00:00Z', lastActivityAt: null },
  { id: 2, name: 'Herbs', slug: 'herbs', description: '', topicsCount: 0, sortOrder: 2, createdAt: '2026-06-01T08:00:00Z', lastActivityAt: null },
];

describe('TopicForm', () => {
  let sent: unknown[];
  beforeEach(() => {
    signedInGardener();
    sent = [];
    server.use(
      http.post('*/api/forum/topics', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return HttpResponse.json({ id: 42, title: 'x' }, { status: 201 });
      }),
    );
  });

  it('shows the spec messages and sends nothing while the form is invalid', async () => {
    const { user } = renderWithSession(<TopicForm categories={categories} />, '/community/forum/new');
    await user.type(await screen.findByLabelText('Title'), 'Hey');
    await user.type(screen.getByLabelText('Content'), '<p>Too short</p>');
    await user.click(screen.getByRole('button', { name: 'Create Topic' }));
    expect(await screen.findByText('Please select a category')).toBeInTheDocument();
    expect(screen.getByText('Title must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Content must be at least 20 characters')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('preselects ?categoryId=, sends the topic with an integer category and opens it', async () => {
    const { user, router } = renderWithSession(<TopicForm categories={categories} categoryId="2" />, '/community/forum/new?categoryId=2', [
      { path: 'community/forum/topic/:id', element: <p>Topic page</p> },
    ]);
    expect(await screen.findByLabelText('Category')).toHaveValue('2');
    await user.type(screen.getByLabelText('Title'), '  Basil bolting early  ');
    await user.type(screen.getByLabelText('Content'), '<p>My basil flowers in June, what can I do?</p>');
    await user.click(screen.getByRole('button', { name: 'Create Topic' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/community/forum/topic/42'));
    expect(sent).toEqual([{ categoryId: 2, title: 'Basil bolting early', content: '<p>My basil flowers in June, what can I do?</p>' }]);
    expect(await screen.findByText('Topic Created')).toBeInTheDocument();
  });

  it('ignores an unknown ?categoryId= and shows the server’s refusal', async () => {
    server.use(
      http.post('*/api/forum/topics', () =>
        HttpResponse.json(
          { message: 'You are posting too quickly. Please wait a moment before posting again.', code: 'rate_limited' },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    const { user } = renderWithSession(<TopicForm categories={categories} categoryId="99" />, '/community/forum/new');
    expect(await screen.findByLabelText('Category')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Category'), '1');
    await user.type(screen.getByLabelText('Title'), 'Blight on tomatoes');
    await user.type(screen.getByLabelText('Content'), '<p>Brown patches on every leaf this week.</p>');
    await user.click(screen.getByRole('button', { name: 'Create Topic' }));
    expect(await screen.findByText('Failed to Create Topic')).toBeInTheDocument();
    expect(screen.getByText('You are posting too quickly. Please wait a moment before posting again.')).toBeInTheDocument();
  });
});
