import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@/api/types';
import { makeSite, makeUser, makeUserCategory } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { pickOption } from '@/testing/picker';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const patches = (path: string) => db.requests.filter((r) => r.method === 'PATCH' && r.path === path);
const account = () => screen.findByRole('form', { name: 'Account Settings' });

describe('Settings (own account)', () => {
  it('shows Account Settings, Notification Preferences and Theme Preferences (System by default)', async () => {
    signedInGardener();
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notification Preferences' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Theme Preferences' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Light' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeEnabled();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    expect(document.title).toBe('Settings · Garden');
  });

  it('applies a chosen theme at once, keeps it on this device and saves it with the account', async () => {
    signedInGardener();
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem('garden-theme')).toBe('dark');
    await waitFor(() => expect(patches('/api/user/settings')).toHaveLength(1));
    expect(patches('/api/user/settings')[0]!.body).toEqual({ theme: 'dark' });
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    await waitFor(() => expect(patches('/api/user/settings')).toHaveLength(2));
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
  });

  it('puts the previous theme back when the server refuses the change', async () => {
    signedInGardener({ theme: 'light' });
    server.use(
      http.patch('*/api/user/settings', () =>
        HttpResponse.json({ message: 'Theme must be system, light or dark', code: 'invalid' }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/settings');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    await user.click(await screen.findByRole('radio', { name: 'Dark' }));
    expect(await screen.findByText('Theme not saved')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('garden-theme')).toBe('light');
  });

  it("follows the account's theme on a device that has another", async () => {
    window.localStorage.setItem('garden-theme', 'light');
    signedInGardener({ theme: 'dark' });
    renderApp('/settings');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(window.localStorage.getItem('garden-theme')).toBe('dark');
    expect(await screen.findByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('does not send an empty password, and sends a new one', async () => {
    signedInGardener({ email: 'rose@example.com' });
    const { user } = renderApp('/settings');
    const form = await account();
    await user.clear(within(form).getByLabelText('Full name'));
    await user.type(within(form).getByLabelText('Full name'), 'Rose Petal');
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    await waitFor(() => expect(patches('/api/user/settings')).toHaveLength(1));
    const body = patches('/api/user/settings')[0]!.body as Record<string, unknown>;
    expect(body).toEqual({ username: 'gardener', email: 'rose@example.com', fullName: 'Rose Petal' });
    expect(body).not.toHaveProperty('password');
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('New password'), 'a-new-password');
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    // A new password asks for the current one first.
    expect(await within(form).findByText('Please enter your current password')).toBeInTheDocument();
    expect(patches('/api/user/settings')).toHaveLength(1);
    await user.type(within(form).getByLabelText('Current password'), 'the-old-password');
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    await waitFor(() => expect(patches('/api/user/settings')).toHaveLength(2));
    expect(patches('/api/user/settings')[1]!.body).toMatchObject({ password: 'a-new-password', currentPassword: 'the-old-password' });
    await waitFor(() => expect(within(form).getByLabelText('New password')).toHaveValue(''));
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('shows the server refusing a wrong current password on its field', async () => {
    signedInGardener();
    server.use(
      http.patch('/api/user/settings', () =>
        HttpResponse.json(
          {
            message: 'Your current password is incorrect',
            code: 'invalid',
            errors: { currentPassword: 'Your current password is incorrect' },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/settings');
    const form = await account();
    await user.type(within(form).getByLabelText('New password'), 'a-new-password');
    await user.type(within(form).getByLabelText('Current password'), 'wrong-guess');
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    const field = within(form).getByLabelText('Current password');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getAllByText('Your current password is incorrect').length).toBeGreaterThan(0);
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
  });

  it('checks the username, e-mail and password before saving', async () => {
    signedInGardener();
    const { user } = renderApp('/settings');
    const form = await account();
    await user.clear(within(form).getByLabelText('Username'));
    await user.type(within(form).getByLabelText('Username'), 'ab');
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    expect(await within(form).findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid email')).toBeInTheDocument();
    expect(within(form).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(patches('/api/user/settings')).toHaveLength(0);
  });

  it('offers the user category only to superadmins', async () => {
    signedInGardener({ role: 'admin' });
    renderApp('/settings');
    await account();
    expect(screen.queryByLabelText('User category')).not.toBeInTheDocument();
    expect(db.requests.some((r) => r.path === '/api/user-categories')).toBe(false);
  });

  it('lets a superadmin choose a category, which is sent', async () => {
    signedInGardener({ role: 'superadmin', username: 'admin' });
    db.userCategories = [makeUserCategory({ id: 4, name: 'Volunteers', description: '' })];
    const { user } = renderApp('/settings');
    const form = await account();
    const select = within(form).getByLabelText('User category');
    await within(form).findByRole('option', { name: 'Volunteers' });
    await user.selectOptions(select, 'Volunteers');
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    await waitFor(() => expect(patches('/api/user/settings')).toHaveLength(1));
    expect(patches('/api/user/settings')[0]!.body).toMatchObject({ categoryId: 4 });
  });

  it('shows the server’s message in the error toast, else the default', async () => {
    signedInGardener();
    server.use(
      http.patch('*/api/user/settings', () => HttpResponse.json({ message: 'This username is already taken', code: 'conflict', errors: { username: 'This username is already taken' } }, { status: 409 })),
    );
    const { user } = renderApp('/settings');
    const form = await account();
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    expect(await screen.findByText('Error saving settings')).toBeInTheDocument();
    expect(screen.getAllByText('This username is already taken').length).toBeGreaterThan(0);

    server.use(http.patch('*/api/user/settings', () => new HttpResponse(null, { status: 500 })));
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    expect(await screen.findByText('There was a problem saving settings. Please try again.')).toBeInTheDocument();
  });

  it('shows a maintenance 503 message in the error toast', async () => {
    signedInGardener();
    server.use(
      http.patch('*/api/user/settings', () => HttpResponse.json({ message: 'Back at noon.', code: 'unavailable' }, { status: 503 })),
    );
    const { user } = renderApp('/settings');
    const form = await account();
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    expect(await screen.findByText('Back at noon.')).toBeInTheDocument();
  });

  it('saves the notification preferences, keeping push as the server has it', async () => {
    const me = signedInGardener({ notificationPreferences: { email: true, push: false, careReminders: true, weeklyDigest: false } });
    server.use(http.get('*/api/user', () => HttpResponse.json({ ...me, notificationPreferences: { ...me.notificationPreferences, push: true } })));
    const { user } = renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Notification Preferences' });
    await user.click(within(form).getByRole('switch', { name: /Weekly digest/ }));
    await user.click(within(form).getByRole('switch', { name: /Email notifications/ }));
    await user.click(within(form).getByRole('button', { name: 'Save Preferences' }));
    await waitFor(() => expect(patches('/api/user/settings')).toHaveLength(1));
    expect(patches('/api/user/settings')[0]!.body).toEqual({
      preferences: { notifications: true },
      notificationPreferences: { email: false, push: true, careReminders: true, weeklyDigest: true },
    });
  });

  it('turning notifications off greys out the other switches and saves them as they were', async () => {
    signedInGardener({ notificationPreferences: { email: true, push: null, careReminders: true, weeklyDigest: false } });
    const { user } = renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Notification Preferences' });
    await user.click(within(form).getByRole('switch', { name: /^Notifications/ }));
    for (const name of [/Email notifications/, /Care reminders/, /Weekly digest/]) {
      expect(within(form).getByRole('switch', { name })).toBeDisabled();
    }
    await user.click(within(form).getByRole('button', { name: 'Save Preferences' }));
    await waitFor(() => expect(patches('/api/user/settings')).toHaveLength(1));
    expect(patches('/api/user/settings')[0]!.body).toMatchObject({
      preferences: { notifications: false },
      notificationPreferences: { email: true, careReminders: true, weeklyDigest: false },
    });
  });

  it('shows a site admin of role user the way to their site users', async () => {
    signedInGardener({ isSiteAdmin: true, siteId: 3 });
    renderApp('/settings');
    expect(await screen.findByRole('link', { name: 'Manage Site Users' })).toHaveAttribute('href', '/site-users');
  });
});

describe('User Settings (?userId=)', () => {
  function seedTarget(overrides: Partial<User> = {}): User {
    const target = makeUser({ id: 55, username: 'fern', fullName: 'Fern Green', email: 'fern@example.com', ...overrides });
    db.users.push(target);
    return target;
  }

  it('shows Editing User, Admin for admins, and Back to Users to /site-users', async () => {
    signedInGardener({ role: 'superadmin', username: 'admin' });
    seedTarget({ role: 'admin' });
    renderApp('/settings?userId=55');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Settings' })).toBeInTheDocument();
    const editing = await screen.findByRole('group', { name: 'Editing' });
    expect(within(editing).getByText('Editing User')).toBeInTheDocument();
    expect(within(editing).getByText('Admin')).toBeInTheDocument();
    expect(within(editing).getByText('Fern Green')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/site-users');
  });

  it('has no Admin badge for a general user, and a site admin edits the profile only', async () => {
    signedInGardener({ isSiteAdmin: true, siteId: 3 });
    seedTarget({ siteId: 3 });
    const { user } = renderApp('/settings?userId=55');
    const form = await account();
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Role')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('User category')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    await waitFor(() => expect(patches('/api/users/55')).toHaveLength(1));
    expect(patches('/api/users/55')[0]!.body).toEqual({ username: 'fern', email: 'fern@example.com', fullName: 'Fern Green' });
  });

  it('resets someone else’s password without the current one; one’s own id asks for it', async () => {
    const me = signedInGardener({ role: 'superadmin', username: 'admin' });
    seedTarget();
    const { user, unmount } = renderApp('/settings?userId=55');
    let form = await account();
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('New password'), 'reset-by-admin');
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    await waitFor(() => expect(patches('/api/users/55')).toHaveLength(1));
    expect(patches('/api/users/55')[0]!.body).toMatchObject({ password: 'reset-by-admin' });
    expect(patches('/api/users/55')[0]!.body).not.toHaveProperty('currentPassword');
    unmount();

    db.users.push(me);
    renderApp(`/settings?userId=${me.id}`);
    form = await account();
    expect(within(form).getByLabelText('Current password')).toBeInTheDocument();
  });

  it('gives a superadmin role, site, site admin flag and active flag with the admin form rules', async () => {
    signedInGardener({ role: 'superadmin', username: 'admin' });
    db.sites.push(makeSite({ id: 3, name: 'Riverside', status: 'active', userLimit: 0, plantLimit: 0 }));
    seedTarget({ siteId: 3, isSiteAdmin: true });
    const { user } = renderApp('/settings?userId=55');
    const form = await account();
    const site = within(form).getByLabelText('Site');
    // The picker names the user's site through ?ids=, before any list is read.
    await waitFor(() => expect(site).toHaveTextContent('Riverside'));
    const flag = within(form).getByRole('checkbox', { name: 'Site admin' });
    expect(flag).toBeChecked();
    expect(flag).toBeEnabled();

    // No site: the flag is unchecked automatically and disabled.
    await pickOption(user, site, 'No site');
    expect(flag).not.toBeChecked();
    expect(flag).toBeDisabled();
    expect(within(form).getByText('Site admin accounts must be associated with a site')).toBeInTheDocument();

    await pickOption(user, site, 'Riverside');
    await user.click(flag);
    expect(flag).toBeChecked();

    // Superadmin: no site and no site admin flag.
    await user.selectOptions(within(form).getByLabelText('Role'), 'Superadmin');
    expect(site).toHaveTextContent('No site');
    expect(site).toBeDisabled();
    expect(flag).not.toBeChecked();
    expect(flag).toBeDisabled();

    await user.selectOptions(within(form).getByLabelText('Role'), 'Admin');
    await pickOption(user, site, 'Riverside');
    await user.click(within(form).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    await waitFor(() => expect(patches('/api/users/55')).toHaveLength(1));
    expect(patches('/api/users/55')[0]!.body).toMatchObject({ role: 'admin', siteId: 3, isSiteAdmin: false, isActive: false, categoryId: null });
  });

  it('shows the server’s 403 account rule in the toast', async () => {
    signedInGardener({ role: 'superadmin', username: 'admin' });
    seedTarget({ role: 'superadmin', isProtected: true, username: 'root' });
    server.use(
      http.patch('*/api/users/:id', () =>
        HttpResponse.json({ message: 'The protected system account must remain superadmin without site', code: 'forbidden' }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/settings?userId=55');
    const form = await account();
    expect(within(form).getByLabelText('Username')).toBeDisabled();
    expect(within(form).getByText('The protected system account cannot be renamed')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Account Settings' }));
    expect(await screen.findByText('Error saving settings')).toBeInTheDocument();
    expect(screen.getAllByText('The protected system account must remain superadmin without site').length).toBeGreaterThan(0);
  });

  it('says Failed to load user data for an account the server will not show', async () => {
    signedInGardener({ role: 'admin', siteId: 3 });
    renderApp('/settings?userId=999');
    expect(await screen.findByRole('heading', { name: 'Failed to load user data' })).toBeInTheDocument();
    expect(screen.getByText('User not found')).toBeInTheDocument();
  });

  it('says No user selected for a userId that is not a number', async () => {
    signedInGardener({ role: 'admin' });
    renderApp('/settings?userId=abc');
    expect(await screen.findByRole('heading', { name: 'No user selected' })).toBeInTheDocument();
  });
});
