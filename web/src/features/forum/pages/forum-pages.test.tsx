import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/server';
import { renderApp } from '@/testing/render';
import { instantFromNow } from '@/testing/clock';
import { signedInGardener } from '@/testing/session';
import type { ForumCategory, ForumPost, ForumTopic } from '../api/types';

vi.mock('@/components/rich-text-editor/rich-text-editor', () => import('../components/test-editor'));

const at = '2026-06-01T08:00:00Z';
const category: ForumCategory = { id: 1, name: 'Fruit & Veg', slug: 'fruit-veg', description: 'Growing food', topicsCount: 1, sortOrder: 1, createdAt: at, lastActivityAt: at };
const topic: ForumTopic = {
  id: 7, title: 'Best tomatoes for a cold greenhouse?', content: '<p>Which <b>varieties</b> ripen?</p>', excerpt: 'Which varieties ripen?',
  userId: 2, username: 'ann', createdAt: at, categoryId: 1, categorySlug: 'fruit-veg', categoryName: 'Fruit & Veg', postCount: 1,
  viewCount: 3, isPinned: true, isLocked: false, pinned: true, locked: false, inReview: false, lastActivityAt: at,
  edited: false, editedAt: null,
};
const reply: ForumPost = {
  id: 11, topicId: 7, content: '<p>Sungold.</p>', userId: 3, username: 'bob', userAvatar: null, createdAt: at, updatedAt: '2026-06-01T09:00:00Z',
  likes: 2, liked: false, reported: false, inReview: false, edited: true,
};

function forumApi(t: ForumTopic = topic) {
  const popular = vi.fn(() => HttpResponse.json([t]));
  server.use(
    http.get('*/api/forum/categories', () => HttpResponse.json([category])),
    http.get('*/api/forum/topics/latest', () => HttpResponse.json([t])),
    http.get('*/api/forum/topics/popular', popular),
    http.get('*/api/forum/topics/7', () => HttpResponse.json(t)),
    http.get('*/api/forum/topics/7/posts', () => HttpResponse.json([reply])),
  );
  return { popular };
}

describe('forum pages', () => {
  it('forum home: categories first; Popular loads only when its tab is opened', async () => {
    const { popular } = forumApi();
    const { user } = renderApp('/community/forum');
    expect(await screen.findByRole('heading', { level: 1, name: 'Community Forum' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Fruit & Veg/ });
    expect(link).toHaveAttribute('href', '/community/forum/category/fruit-veg');
    expect(within(link).getByText('1 topic')).toBeInTheDocument();
    expect(popular).not.toHaveBeenCalled();
    await user.click(screen.getAllByRole('tab', { name: 'Popular' })[0]!);
    expect(await screen.findByRole('link', { name: topic.title })).toBeInTheDocument();
    expect(popular).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('3 views')).toBeInTheDocument();
  });

  it('forum home: a category shows its last activity, not when it was created (issue 27)', async () => {
    const active = instantFromNow(-2, '09:30');
    forumApi();
    server.use(
      http.get('*/api/forum/categories', () =>
        HttpResponse.json([
          { ...category, createdAt: instantFromNow(-400), lastActivityAt: active },
          { ...category, id: 2, name: 'Quiet Corner', slug: 'quiet', topicsCount: 0, createdAt: instantFromNow(-1), lastActivityAt: null },
        ]),
      ),
    );
    renderApp('/community/forum');
    const busy = await screen.findByRole('link', { name: /Fruit & Veg/ });
    const time = within(busy).getByText(/^active /);
    expect(time).toHaveAttribute('datetime', active);
    expect(within(busy).queryByText(/created/)).not.toBeInTheDocument();
    const quiet = screen.getByRole('link', { name: /Quiet Corner/ });
    expect(within(quiet).getByText('no posts yet')).toBeInTheDocument();
    expect(within(quiet).queryByText(/created/)).not.toBeInTheDocument();
  });

  it('forum home: the spec’s failure sentence', async () => {
    server.use(http.get('*/api/forum/categories', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderApp('/community/forum');
    expect(await screen.findByText('Failed to load forum categories. Please try again later.')).toBeInTheDocument();
  });

  it('topic page for a visitor: badges, replies with (edited), a sign-in notice, no reply form', async () => {
    forumApi();
    renderApp('/community/forum/topic/7');
    expect(await screen.findByRole('heading', { level: 1, name: topic.title })).toBeInTheDocument();
    expect(screen.getByText('Pinned')).toBeInTheDocument();
    const item = await screen.findByRole('listitem', { name: 'Reply by bob' });
    expect(within(item).getByText('(edited)')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Like (2 likes)' })).toBeDisabled();
    expect(within(item).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    expect(screen.getByText('Sign in to reply, like and follow this topic.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post Reply' })).not.toBeInTheDocument();
  });

  it('topic page: a locked topic offers no reply form; a missing topic shows the spec’s error', async () => {
    signedInGardener({ id: 5, username: 'cara' });
    forumApi({ ...topic, locked: true, isLocked: true });
    renderApp('/community/forum/topic/7');
    expect(await screen.findByText('This topic is locked and no longer accepting new replies.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post Reply' })).not.toBeInTheDocument();
    server.use(http.get('*/api/forum/topics/8', () => HttpResponse.json({ message: 'Topic not found' }, { status: 404 })));
    renderApp('/community/forum/topic/8');
    expect(await screen.findByText('Failed to load topic. This topic may not exist or has been removed.')).toBeInTheDocument();
  });

  it('topic page: a signed-in reader gets the reply form and Report; superadmins get the controls', async () => {
    signedInGardener({ id: 5, username: 'cara' });
    forumApi();
    const first = renderApp('/community/forum/topic/7');
    expect(await first.findByRole('button', { name: 'Post Reply' })).toBeInTheDocument();
    expect(await first.findByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Delete Topic' })).not.toBeInTheDocument();
    first.unmount();
    signedInGardener({ id: 1, username: 'admin', role: 'superadmin' });
    const { user } = renderApp('/community/forum/topic/7');
    await user.click(await screen.findByRole('button', { name: 'Delete Topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Topic' });
    expect(dialog).toHaveTextContent('All of its replies will be deleted too.');
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('topic page: the author edits the title and first post within a day, and readers see "(edited)"', async () => {
    signedInGardener({ id: 2, username: 'ann' });
    let current: ForumTopic = { ...topic, createdAt: instantFromNow(0, '07:00') };
    let sent: Record<string, unknown> | undefined;
    forumApi(current);
    server.use(
      http.get('*/api/forum/topics/7', () => HttpResponse.json(current)),
      http.patch('*/api/forum/topics/7', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        current = { ...current, ...sent, edited: true, editedAt: instantFromNow(0, '07:30') };
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp('/community/forum/topic/7');
    await screen.findByRole('heading', { level: 1, name: topic.title });
    const article = screen.getByRole('article');
    expect(within(article).queryByText('(edited)')).not.toBeInTheDocument();
    await user.click(within(article).getByRole('button', { name: 'Edit topic' }));
    const form = screen.getByRole('form', { name: 'Edit your topic' });
    const title = within(form).getByLabelText('Title');
    expect(title).toHaveValue(topic.title);
    await user.clear(title);
    await user.type(title, 'Tom?');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Title must be at least 5 characters')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(title);
    await user.type(title, 'Best cucumbers for a cold greenhouse?');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Topic Updated')).toBeInTheDocument();
    expect(sent).toEqual({ title: 'Best cucumbers for a cold greenhouse?', content: topic.content });
    expect(await screen.findByRole('heading', { level: 1, name: 'Best cucumbers for a cold greenhouse?' })).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByText('(edited)')).toBeInTheDocument();
  });

  it('topic page: no Edit for the author after a day, nor for other readers', async () => {
    signedInGardener({ id: 2, username: 'ann' });
    forumApi({ ...topic, createdAt: instantFromNow(-2) });
    const first = renderApp('/community/forum/topic/7');
    await first.findByRole('heading', { level: 1, name: topic.title });
    expect(within(first.getByRole('article')).queryByRole('button', { name: 'Edit topic' })).not.toBeInTheDocument();
    first.unmount();
    signedInGardener({ id: 5, username: 'cara' });
    forumApi({ ...topic, createdAt: instantFromNow(0, '07:00') });
    renderApp('/community/forum/topic/7');
    await screen.findByRole('heading', { level: 1, name: topic.title });
    expect(within(screen.getByRole('article')).queryByRole('button', { name: 'Edit topic' })).not.toBeInTheDocument();
  });

  it('forum categories admin: other users go to / with Access denied', async () => {
    signedInGardener({ role: 'admin' });
    const { router } = renderApp('/admin/forum-categories');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Only superadmins can access this page.')).toBeInTheDocument();
  });

  it('forum categories admin: a category with topics cannot be deleted; moves up and down', async () => {
    signedInGardener({ role: 'superadmin', username: 'admin' });
    const moves: unknown[] = [];
    server.use(
      http.get('*/api/forum/categories', () => HttpResponse.json([category, { ...category, id: 2, name: 'Herbs', slug: 'herbs', topicsCount: 0, sortOrder: 2 }])),
      http.patch('*/api/forum/categories/:id/move', async ({ request, params }) => {
        moves.push({ id: params.id, ...(await request.json() as object) });
        return HttpResponse.json(category);
      }),
    );
    const { user } = renderApp('/admin/forum-categories');
    expect(await screen.findByRole('button', { name: 'Move Fruit & Veg up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Herbs up' }));
    await waitFor(() => expect(moves).toEqual([{ id: '2', direction: 'up' }]));
    await user.click(screen.getByRole('button', { name: 'Delete Fruit & Veg' }));
    expect(await screen.findByText('This category has 1 topic and cannot be deleted.')).toBeInTheDocument();
  });
});
