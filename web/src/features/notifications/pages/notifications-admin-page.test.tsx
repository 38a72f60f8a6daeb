import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Site, User } from '@/api/types';
import { makeSite, makeUser } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { makeAdminNotification } from '@/testing/notifications';
import { optionNames, pickOption, pickerPopover } from '@/testing/picker';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { messagesOf } from '@/testing/schema';
import { EMPTY_NOTIFICATION_FORM, notificationSchema, type NotificationFormValues } from '../api/notification-schema';

const validateNotification = (values: NotificationFormValues) => {
  const parsed = notificationSchema.safeParse(values);
  return { errors: messagesOf(notificationSchema, values), input: parsed.success ? parsed.data : null };
};

const superadmin = () => signedInGardener({ role: 'superadmin', username: 'admin', fullName: 'Ada Admin' });
const posts = (path: string) => db.requests.filter((r) => r.method === 'POST' && r.path === path);

const sites: Pick<Site, 'id' | 'name' | 'status' | 'userLimit' | 'plantLimit'>[] = [
  { id: 7, name: 'North Plot', status: 'active', userLimit: 0, plantLimit: 0 },
  { id: 3, name: 'Riverside Allotments', status: 'active', userLimit: 0, plantLimit: 0 },
];
const users: User[] = [
  makeUser({ id: 21, username: 'rosa', fullName: 'Rosa Green' }),
  makeUser({ id: 22, username: 'tom', fullName: '' }),
  makeUser({ id: 23, username: 'gone', fullName: 'Gone Away', isActive: false }),
];

function servePickers() {
  let siteCalls = 0;
  let userCalls = 0;
  server.use(
    http.get('*/api/admin/sites', () => {
      siteCalls++;
      return HttpResponse.json(sites);
    }),
    http.get('*/api/admin/users', ({ request }) => {
      userCalls++;
      // ?active=true: the active accounts only, as the server answers.
      const active = new URL(request.url).searchParams.get('active') === 'true';
      return HttpResponse.json(users.filter((u) => !active || u.isActive !== false));
    }),
  );
  return { calls: () => ({ sites: siteCalls, users: userCalls }) };
}

async function openSendTab() {
  superadmin();
  const view = renderApp('/admin/notifications');
  expect(await screen.findByRole('heading', { level: 1, name: 'Notifications Management' })).toBeInTheDocument();
  return view;
}

describe('send form validation (spec 02 §5)', () => {
  it('needs a title, content, and a target for site and user', () => {
    expect(validateNotification(EMPTY_NOTIFICATION_FORM).errors).toEqual({
      title: 'Title is required',
      content: 'Content is required',
    });
    const base = { ...EMPTY_NOTIFICATION_FORM, title: ' Hi ', content: ' There ' };
    expect(validateNotification({ ...base, targetType: 'site' }).errors).toEqual({ targetId: 'Please select a site' });
    expect(validateNotification({ ...base, targetType: 'user' }).errors).toEqual({ targetId: 'Please select a user' });
    expect(validateNotification({ ...base, data: '[1, 2]' }).errors.data).toMatch(/^Data must be a JSON object/);
    expect(validateNotification({ ...base, data: '{oops' }).errors.data).toMatch(/^Data must be a JSON object/);
    expect(validateNotification({ ...base, title: 'x'.repeat(201) }).errors.title).toBe('Title cannot exceed 200 characters');
    expect(validateNotification({ ...base, targetType: 'user', targetId: '21', data: '{"url": "/schedule"}' }).input).toEqual({
      title: 'Hi',
      content: 'There',
      targetType: 'user',
      targetId: 21,
      data: { url: '/schedule' },
    });
    expect(validateNotification({ ...base, targetId: '21' }).input?.targetId).toBeNull();
  });
});

describe('Notifications Management page', () => {
  it('has the Send Notifications and Notification History tabs, kept in ?tab=', async () => {
    const { user, router } = await openSendTab();
    const tabs = screen.getByRole('tablist', { name: 'Notifications section' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Send Notifications', 'Notification History']);
    expect(within(tabs).getByRole('tab', { name: 'Send Notifications' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(tabs).getByRole('tab', { name: 'Notification History' }));
    expect(router.state.location.search).toBe('?tab=history');
    expect(await screen.findByRole('heading', { name: 'No notifications sent yet' })).toBeInTheDocument();
  });

  it('is for superadmins only', async () => {
    signedInGardener({ role: 'admin' });
    renderApp('/admin/notifications');
    expect(await screen.findByText('You need superadmin privileges to access this page.')).toBeInTheDocument();
    expect(db.requests.some((r) => r.path === '/api/notifications/admin')).toBe(false);
  });

  it('shows the required messages and sends nothing', async () => {
    const { user } = await openSendTab();
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Content is required')).toBeInTheDocument();
    expect(posts('/api/notifications/send')).toHaveLength(0);
    await user.type(screen.getByLabelText('Title'), 'Hello');
    expect(screen.queryByText('Title is required')).toBeNull();
  });

  it('sends a global notification, toasts and empties the form', async () => {
    const { user } = await openSendTab();
    await user.type(screen.getByLabelText('Title'), 'Frost tonight');
    await user.type(screen.getByLabelText('Content'), 'Cover your tender plants.');
    await user.type(screen.getByLabelText('Data (optional JSON)'), '{{"url": "/schedule"}');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('Notification sent')).toBeInTheDocument();
    expect(screen.getByText('“Frost tonight” was sent to every user.')).toBeInTheDocument();
    expect(posts('/api/notifications/send')[0]?.body).toEqual({
      title: 'Frost tonight',
      content: 'Cover your tender plants.',
      targetType: 'global',
      targetId: null,
      data: { url: '/schedule' },
    });
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Content')).toHaveValue('');
  });

  it('picks a site from /api/admin/sites, resets the target when the type changes, then a user', async () => {
    const pickers = servePickers();
    const { user } = await openSendTab();
    expect(pickers.calls()).toEqual({ sites: 0, users: 0 });
    await user.type(screen.getByLabelText('Title'), 'Water cut');
    await user.type(screen.getByLabelText('Content'), 'No water on Friday.');
    await user.selectOptions(screen.getByLabelText('Target type'), 'site');
    const site = await screen.findByRole('combobox', { name: 'Site' });
    expect(site).toHaveTextContent('Select a site');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('Please select a site')).toBeInTheDocument();
    // The picker reads the sites only once opened.
    expect(pickers.calls().sites).toBe(0);
    await user.click(site);
    const sitesShown = await pickerPopover(site);
    await waitFor(() => expect(optionNames(sitesShown)).toEqual(['North Plot', 'Riverside Allotments']));
    await user.click(within(sitesShown).getByRole('option', { name: 'North Plot' }));
    expect(site).toHaveTextContent('North Plot');

    await user.selectOptions(screen.getByLabelText('Target type'), 'user');
    const person = await screen.findByRole('combobox', { name: 'User' });
    expect(person).toHaveTextContent('Select a user');
    await user.click(person);
    const peopleShown = await pickerPopover(person);
    await waitFor(() => expect(optionNames(peopleShown)).toEqual(['Rosa Green (@rosa)', 'tom (@tom)']));
    expect(pickers.calls().users).toBe(1);
    await user.keyboard('{Escape}');
    await user.selectOptions(screen.getByLabelText('Target type'), 'site');
    expect(await screen.findByRole('combobox', { name: 'Site' })).toHaveTextContent('Select a site');
    await pickOption(user, screen.getByRole('combobox', { name: 'Site' }), 'Riverside Allotments');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    await screen.findByText('Notification sent');
    expect(posts('/api/notifications/send')[0]?.body).toMatchObject({ targetType: 'site', targetId: 3, data: null });
  });

  it('says how many active users the target reaches, counted on the server, and searches users on the server', async () => {
    db.users = users.map((u) => (u.username === 'rosa' ? { ...u, siteId: 7 } : u));
    db.sites = [makeSite({ ...sites[0]!, maintenanceMode: false })];
    const { user } = await openSendTab();
    expect(await screen.findByText('Reaches 2 active users now.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Target type'), 'site');
    await pickOption(user, await screen.findByRole('combobox', { name: 'Site' }), 'North Plot');
    expect(await screen.findByText('Reaches 1 active user now.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Target type'), 'user');
    const person = await screen.findByRole('combobox', { name: 'User' });
    await user.click(person);
    const shown = await pickerPopover(person);
    await user.type(within(shown).getByLabelText('Search users'), 'rosa');
    await waitFor(() =>
      expect(db.requests.some((r) => r.path === '/api/admin/users' && r.search === '?q=rosa&active=true')).toBe(true),
    );
    await waitFor(() => expect(optionNames(shown)).toEqual(['Rosa Green (@rosa)']));
  });

  it('says "Failed to send notification" with the server message', async () => {
    server.use(
      http.post('*/api/notifications/send', () =>
        HttpResponse.json({ message: 'User not found', code: 'invalid', errors: { targetId: 'User not found' } }, { status: 400 }),
      ),
    );
    servePickers();
    const { user } = await openSendTab();
    await user.type(screen.getByLabelText('Title'), 'Hi');
    await user.type(screen.getByLabelText('Content'), 'There');
    await user.selectOptions(screen.getByLabelText('Target type'), 'user');
    await pickOption(user, await screen.findByRole('combobox', { name: 'User' }), 'Rosa Green (@rosa)');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('Failed to send notification')).toBeInTheDocument();
    expect(screen.getAllByText('User not found').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Title')).toHaveValue('Hi');
  });

  it('lists the history with read state, target and counts, and deletes after confirming', async () => {
    db.adminNotifications = [
      makeAdminNotification({ id: 41, title: 'Frost tonight', targetType: 'global', isRead: false, readCount: 1, recipientCount: 4 }),
      makeAdminNotification({ id: 40, title: 'North water cut', targetType: 'site', targetId: 7, targetName: 'North Plot', isRead: true, readCount: 2, recipientCount: 2 }),
      makeAdminNotification({ id: 39, title: 'Time to water your Basil', targetType: 'user', targetId: 21, targetName: 'rosa', kind: 'test' }),
    ];
    superadmin();
    const { user } = renderApp('/admin/notifications?tab=history');
    const list = await screen.findByRole('list', { name: 'Sent notifications' });
    const frost = within(list).getByRole('article', { name: 'Frost tonight' });
    expect(frost).toHaveTextContent('Unread');
    expect(frost).toHaveTextContent('Global');
    expect(frost).toHaveTextContent('1 of 4 read');
    const water = within(list).getByRole('article', { name: 'North water cut' });
    expect(water).toHaveTextContent('Read');
    expect(water).toHaveTextContent('Site: North Plot');
    expect(water).toHaveTextContent('2 of 2 read');
    expect(within(list).getByRole('article', { name: 'Time to water your Basil' })).toHaveTextContent('User: rosa');
    expect(within(list).getByRole('article', { name: 'Time to water your Basil' })).toHaveTextContent('Test');
    expect(screen.getByText('3 notifications')).toBeInTheDocument();

    await user.click(within(water).getByRole('button', { name: 'Delete notification North water cut' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this notification?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(db.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(water).getByRole('button', { name: 'Delete notification North water cut' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Notification deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByRole('article', { name: 'North water cut' })).toBeNull());
    expect(db.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/notifications/40']);
  });

  it('says "Failed to delete notification" when the delete fails', async () => {
    db.adminNotifications = [makeAdminNotification({ id: 41, title: 'Frost tonight' })];
    server.use(http.delete('*/api/notifications/:id', () => HttpResponse.json({ message: 'Notification not found' }, { status: 404 })));
    superadmin();
    const { user } = renderApp('/admin/notifications?tab=history');
    await user.click(await screen.findByRole('button', { name: 'Delete notification Frost tonight' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete notification')).toBeInTheDocument();
    expect(screen.getByText('Notification not found')).toBeInTheDocument();
  });

  it('loads the history a page at a time with Load more', async () => {
    db.adminNotifications = Array.from({ length: 60 }, (_, i) =>
      makeAdminNotification({ id: 1000 - i, title: `Notice ${String(i + 1).padStart(2, '0')}` }),
    );
    superadmin();
    const { user } = renderApp('/admin/notifications?tab=history');
    const list = await screen.findByRole('list', { name: 'Sent notifications' });
    expect(within(list).getAllByRole('article')).toHaveLength(50);
    expect(screen.getByText('50+ notifications')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(60));
    expect(within(list).getAllByRole('article').at(-1)).toHaveAccessibleName('Notice 60');
    expect(screen.getByText('60 notifications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(db.requests.filter((r) => r.path === '/api/notifications/admin').map((r) => r.search)).toEqual(['', '?cursor=50']);
  });

  it('shows a notification just sent at the top of the history', async () => {
    db.adminNotifications = [makeAdminNotification({ id: 41, title: 'Frost tonight' })];
    superadmin();
    const { user } = renderApp('/admin/notifications?tab=history');
    expect(await screen.findByRole('article', { name: 'Frost tonight' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Send Notifications' }));
    await user.type(await screen.findByLabelText('Title'), 'Water cut');
    await user.type(screen.getByLabelText('Content'), 'No water on Friday.');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    await screen.findByText('Notification sent');
    await user.click(screen.getByRole('tab', { name: 'Notification History' }));
    const list = await screen.findByRole('list', { name: 'Sent notifications' });
    await waitFor(() =>
      expect(within(list).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Water cut', 'Frost tonight']),
    );
    expect(screen.getByText('2 notifications')).toBeInTheDocument();
  });

  it('offers Try again when the history cannot be loaded', async () => {
    server.use(http.get('*/api/notifications/admin', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    superadmin();
    renderApp('/admin/notifications?tab=history');
    expect(await screen.findByRole('heading', { name: 'Could not load the notification history.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
