import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mock-api';
import { makeNotification } from '@/testing/notifications';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { appPath, relativeTime } from './notification-format';
import { badgeText } from './notifications-bell';

const bell = () => screen.getAllByRole('button', { name: /^Notifications/ })[0]!;
const panel = () => screen.getByRole('dialog', { name: 'Notifications' });
const badge = () => bell().querySelector('.bell__badge');
const requests = (method: string, path: string) => db.requests.filter((r) => r.method === method && r.path === path);

async function openApp(path = '/plants') {
  signedInGardener();
  const view = renderApp(path);
  await waitFor(() => expect(requests('GET', '/api/notifications').length).toBeGreaterThan(0));
  // The bell is a placeholder until the panel's code arrives (components/ui/deferred): wait for
  // the real trigger, so a click does not land on a bell that is being swapped out.
  await screen.findAllByRole('button', { name: /^Notifications/, expanded: false });
  return view;
}

describe('notification helpers', () => {
  it('shows the unread count, or 9+ above 9', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });

  it('writes relative times like "5 minutes ago"', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(relativeTime('2026-11-21T09:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-20T10:00:00Z', now)).toBe('1 day ago');
    expect(relativeTime('2026-11-21T10:00:30Z', now)).toBe('less than a minute ago');
    expect(relativeTime('not a date', now)).toBe('');
  });

  it('follows only paths of the app', () => {
    expect(appPath('/schedule')).toBe('/schedule');
    expect(appPath('/plants/3?tab=care')).toBe('/plants/3?tab=care');
    expect(appPath('https://evil.example/')).toBeNull();
    expect(appPath('//evil.example/path')).toBeNull();
    expect(appPath('/\\evil.example')).toBeNull();
    expect(appPath('javascript:alert(1)')).toBeNull();
    expect(appPath(42)).toBeNull();
    expect(appPath(undefined)).toBeNull();
  });
});

describe('notifications dropdown (spec 01 §2)', () => {
  it('shows a red badge with the unread count; none when all are read', async () => {
    db.notifications = [makeNotification(), makeNotification(), makeNotification({ isRead: true })];
    await openApp();
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    // The name carries the count the badge shows (WCAG 2.5.3).
    expect(bell()).toHaveAccessibleName('Notifications (2 unread)');
  });

  it('caps the badge at 9+', async () => {
    db.notifications = Array.from({ length: 12 }, () => makeNotification());
    await openApp();
    await waitFor(() => expect(badge()).toHaveTextContent('9+'));
  });

  it('shows "No notifications to display" and no Mark all as read when there are none', async () => {
    const { user } = await openApp();
    expect(badge()).toBeNull();
    await user.click(bell());
    expect(await within(panel()).findByText('No notifications to display')).toBeInTheDocument();
    expect(within(panel()).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: /Mark all as read/ })).toBeNull();
  });

  it('lists title, relative time and content, unread ones marked', async () => {
    db.notifications = [
      makeNotification({ title: 'Water cut', content: 'No water on Friday.', createdAt: new Date(Date.now() - 5 * 60_000).toISOString() }),
      makeNotification({ title: 'Old news', isRead: true }),
    ];
    const { user } = await openApp();
    await user.click(bell());
    const list = await within(panel()).findByRole('list', { name: 'Notification list' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Water cut');
    expect(items[0]).toHaveTextContent('(unread)');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[0]).toHaveTextContent('No water on Friday.');
    expect(items[0]).toHaveClass('notification-item--unread');
    expect(items[1]).not.toHaveClass('notification-item--unread');
    expect(items[1]).not.toHaveTextContent('(unread)');
  });

  it('reads the list again when the panel opens (no polling)', async () => {
    const { user } = await openApp();
    const before = requests('GET', '/api/notifications').length;
    db.notifications = [makeNotification({ title: 'Fresh' })];
    await user.click(bell());
    expect(await within(panel()).findByText('Fresh')).toBeInTheDocument();
    expect(requests('GET', '/api/notifications').length).toBe(before + 1);
  });

  it('Mark all as read marks everything and refetches the list', async () => {
    db.notifications = [makeNotification(), makeNotification(), makeNotification()];
    const { user } = await openApp();
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    await user.click(bell());
    const reads = requests('GET', '/api/notifications').length;
    await user.click(await within(panel()).findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(badge()).toBeNull());
    expect(requests('POST', '/api/notifications/mark-all-read')).toHaveLength(1);
    expect(requests('GET', '/api/notifications').length).toBeGreaterThan(reads);
    expect(within(panel()).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('clicking an unread item marks it read (PATCH) and follows its path', async () => {
    const target = makeNotification({ title: 'Time to water', data: { url: '/schedule' } });
    db.notifications = [target, makeNotification()];
    const { user, router } = await openApp();
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    await user.click(bell());
    await user.click(await within(panel()).findByRole('button', { name: /Time to water/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule'));
    expect(requests('PATCH', `/api/notifications/${target.id}/read`)).toHaveLength(1);
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });

  it('does not follow addresses outside the app; a read item is not sent again', async () => {
    const outside = makeNotification({ title: 'Phishing', data: { url: 'https://evil.example/login' } });
    const sneaky = makeNotification({ title: 'Sneaky', data: { url: '//evil.example' } });
    const read = makeNotification({ title: 'Already read', isRead: true, data: { url: '/journal' } });
    db.notifications = [outside, sneaky, read];
    const { user, router } = await openApp();
    await user.click(bell());
    await user.click(await within(panel()).findByRole('button', { name: /Phishing/ }));
    await user.click(within(panel()).getByRole('button', { name: /Sneaky/ }));
    expect(router.state.location.pathname).toBe('/plants');
    await waitFor(() => expect(requests('PATCH', `/api/notifications/${sneaky.id}/read`)).toHaveLength(1));
    await user.click(within(panel()).getByRole('button', { name: /Already read/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/journal'));
    expect(requests('PATCH', `/api/notifications/${read.id}/read`)).toHaveLength(0);
  });

  it('says "Failed to update" when marking read fails, and the item stays unread', async () => {
    const n = makeNotification({ title: 'Stubborn' });
    db.notifications = [n];
    server.use(http.patch('*/api/notifications/:id/read', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const { user } = await openApp();
    await user.click(bell());
    await user.click(await within(panel()).findByRole('button', { name: /Stubborn/ }));
    expect(await screen.findByText('Failed to update')).toBeInTheDocument();
    expect(screen.getByText('Could not mark notification as read.')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
  });

  it('shows an error with Try again when the list cannot be loaded', async () => {
    server.use(http.get('*/api/notifications', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    signedInGardener();
    const { user } = renderApp('/plants');
    await screen.findAllByRole('button', { name: /^Notifications/, expanded: false });
    await user.click(bell());
    expect(await within(await screen.findByRole('dialog', { name: 'Notifications' })).findByText('Could not load notifications.')).toBeInTheDocument();
    server.resetHandlers();
    signedInGardener();
    db.notifications = [makeNotification({ title: 'Back again' })];
    await user.click(within(panel()).getByRole('button', { name: 'Try again' }));
    expect(await within(panel()).findByText('Back again')).toBeInTheDocument();
  });

  it('asks for nothing when signed out', async () => {
    renderApp('/auth');
    await screen.findByRole('heading', { name: 'Sign in to your garden' });
    expect(requests('GET', '/api/notifications')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });
});
