import { http, HttpResponse } from 'msw';
import type { AppFunction, Site, SiteUser, User, UserCategory } from '@/api/types';
import { contains, db, flag, json, notFound, page, record, refuse } from './db';

/** Sites, users, categories, application functions and maintenance (docs/api.md "Sites, users…", "Maintenance"). */

/** A new account as the server answers it: every field of the document's User. */
const newUser = (fields: Partial<User>): User => ({
  id: db.nextId++,
  username: '',
  email: '',
  fullName: '',
  role: 'user',
  isActive: true,
  isProtected: false,
  categoryId: null,
  siteId: null,
  isSiteAdmin: false,
  createdAt: new Date().toISOString(),
  lastLogin: null,
  lastSpringFrost: null,
  firstAutumnFrost: null,
  preferences: { notifications: true },
  notificationPreferences: { email: true, push: null, careReminders: true, weeklyDigest: false },
  language: '',
  theme: 'system',
  units: null,
  timeZone: '',
  reminderHour: null,
  ...fields,
});

/** The users of GET /api/users and /api/admin/users: by id, ?q= and ?active=true as the server. */
const usersPage = (request: Request) =>
  page(
    request,
    [...db.users]
      .sort((a, b) => a.id - b.id)
      .filter((u) => contains(request, u.username, u.fullName, u.email))
      .filter((u) => !flag(request, 'active') || u.isActive !== false),
  );

/** The sites of GET /api/sites and /api/admin/sites: by name, ?q= and ?maintenance=true as the server. */
const sitesPage = (request: Request) =>
  page(
    request,
    [...db.sites]
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id)
      .filter((x) => contains(request, x.name, x.city, x.state, x.country, x.email, x.description))
      .filter((x) => !flag(request, 'maintenance') || x.maintenanceMode)
      .filter((x) => {
        const ids = new URL(request.url).searchParams.get('ids');
        return !ids || ids.split(',').map(Number).includes(x.id);
      })
      .map(siteView),
  );

const siteView = (site: Site): Site => ({ ...site, userCount: db.users.filter((u) => u.siteId === site.id).length });
const linkOf = (u: User): SiteUser => ({ id: u.id, role: u.siteRole ?? 'member', isAdmin: Boolean(u.isSiteAdmin), createdAt: u.siteJoinedAt ?? null, user: u });
const limitReached = (siteId: number) => {
  const site = db.sites.find((s) => s.id === siteId);
  return Boolean(site && site.userLimit > 0 && db.users.filter((u) => u.siteId === siteId).length >= site.userLimit);
};

/** The account rules of docs/decisions.md, as the server answers them (403). */
function accountRuleBreak(after: User, before?: User): string | null {
  if (before?.isProtected) {
    if (after.username !== before.username) return 'The protected system account cannot be renamed';
    if (after.isActive === false) return 'The protected system account must remain active';
    if (after.role !== 'superadmin' || after.siteId || after.isSiteAdmin) return 'The protected system account must remain superadmin without site';
  }
  if (after.role === 'superadmin' && after.isActive === false) return 'You cannot deactivate superadmin accounts';
  if (after.role === 'superadmin' && after.siteId) return 'Superadmin accounts cannot be associated with a specific site';
  if (after.role === 'superadmin' && after.isSiteAdmin) return 'Superadmin accounts should not be site admins as they have system-wide privileges';
  if (after.isSiteAdmin && !after.siteId) return 'Site admin accounts must be associated with a site';
  return null;
}

function siteInput(body: Record<string, unknown>): Partial<Site> | string {
  const out: Record<string, unknown> = { ...body };
  for (const field of ['userLimit', 'plantLimit'] as const) {
    if (field in body) {
      const raw = body[field];
      const n = raw === '' || raw === null ? 0 : Number(raw);
      if (!Number.isInteger(n) || n < 0) return field === 'userLimit' ? 'User limit must be 0 or greater' : 'Plant limit must be 0 or greater';
      out[field] = n;
    }
  }
  if ('name' in body && String(body.name ?? '').trim().length < 2) return 'Name must be at least 2 characters';
  return out as Partial<Site>;
}

/** The body that turns a function's or a site's maintenance on or off. */
type MaintenanceSwitch = { maintenanceMode?: boolean; message?: string };

/**
 * switchMaintenance applies a maintenance switch to a function or a site as the server does:
 * a message is required to turn it on, and the start or end time is stamped on a change.
 * It answers the 400 refusal, or null once applied.
 */
function switchMaintenance<T extends { maintenanceMode?: boolean; maintenanceMessage?: string | null }>(
  body: MaintenanceSwitch,
  target: T,
  startedKey: keyof T,
  endedKey: keyof T,
) {
  if (body.maintenanceMode && !String(body.message ?? '').trim()) {
    return refuse(400, 'A message is required to turn maintenance on', 'invalid', 'message');
  }
  const now = new Date().toISOString() as T[keyof T];
  if (body.maintenanceMode && !target.maintenanceMode) target[startedKey] = now;
  if (!body.maintenanceMode && target.maintenanceMode) target[endedKey] = now;
  target.maintenanceMode = Boolean(body.maintenanceMode);
  target.maintenanceMessage = body.maintenanceMode ? String(body.message).trim() : '';
  return null;
}

export const adminHandlers = [
  http.get('*/api/maintenance/status', async ({ request }) => {
    await record(request);
    const sitesInMaintenance = db.sites
      .filter((s) => s.maintenanceMode)
      .map((s) => ({ id: s.id, name: s.name, maintenanceMessage: s.maintenanceMessage ?? '', maintenanceStartedAt: s.maintenanceStartedAt ?? null }));
    const functionsInMaintenance = db.functions
      .filter((f) => f.maintenanceMode)
      .map((f) => ({ id: f.id, name: f.name, displayName: f.displayName, maintenanceMessage: f.maintenanceMessage ?? '', lastMaintenanceStart: f.lastMaintenanceStart ?? null }));
    return json({
      hasMaintenance: sitesInMaintenance.length + functionsInMaintenance.length > 0,
      sitesInMaintenance,
      sitesInMaintenanceCount: sitesInMaintenance.length,
      functionsInMaintenance,
    });
  }),
  http.get('*/api/maintenance/functions', async ({ request }) => {
    await record(request);
    return json(db.functions);
  }),
  http.post('*/api/maintenance/functions', async ({ request }) => {
    const body = (await record(request)) as Partial<AppFunction>;
    if (!String(body.name ?? '').trim() || !String(body.displayName ?? '').trim()) {
      return refuse(400, 'Name and display name are required', 'invalid', 'name');
    }
    const fn: AppFunction = {
      id: db.nextId++,
      name: String(body.name).trim(),
      displayName: String(body.displayName).trim(),
      description: body.description ?? '',
      maintenanceMode: false,
      maintenanceMessage: '',
      lastMaintenanceStart: null,
      lastMaintenanceEnd: null,
    };
    db.functions.push(fn);
    return json(fn, 201);
  }),
  http.patch('*/api/maintenance/functions/:id', async ({ request, params }) => {
    const body = (await record(request)) as MaintenanceSwitch;
    const fn = db.functions.find((f) => f.id === Number(params.id));
    if (!fn) return notFound('Function not found');
    return switchMaintenance(body, fn, 'lastMaintenanceStart', 'lastMaintenanceEnd') ?? json(fn);
  }),
  http.delete('*/api/maintenance/functions/:id', async ({ request, params }) => {
    await record(request);
    const fn = db.functions.find((f) => f.id === Number(params.id));
    if (!fn) return notFound('Function not found');
    if (fn.name === 'site_wide') return refuse(403, 'The site_wide function cannot be deleted', 'forbidden');
    db.functions = db.functions.filter((f) => f !== fn);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('*/api/maintenance/site/:id', async ({ request, params }) => {
    const body = (await record(request)) as MaintenanceSwitch;
    const site = db.sites.find((s) => s.id === Number(params.id));
    if (!site) return notFound('Site not found');
    return switchMaintenance(body, site, 'maintenanceStartedAt', 'maintenanceEndedAt') ?? json(siteView(site));
  }),
  http.get('*/api/site-categories', async ({ request }) => {
    await record(request);
    return json(db.siteCategories);
  }),
  http.get('*/api/admin/sites', async ({ request }) => {
    await record(request);
    return sitesPage(request);
  }),
  http.get('*/api/sites/current', async ({ request }) => {
    await record(request);
    const site = db.sites.find((s) => s.id === db.currentSiteId);
    return site ? json(siteView(site)) : notFound('Site not found');
  }),
  http.post('*/api/sites/users', async ({ request }) => {
    const body = (await record(request)) as Record<string, unknown>;
    const siteId = Number(body.siteId);
    if (!siteId) return refuse(400, 'Please select a site', 'invalid', 'siteId');
    if (String(body.password ?? '').length < 6) return refuse(400, 'Password must be at least 6 characters', 'invalid', 'password');
    if (limitReached(siteId)) return refuse(403, 'User limit reached', 'limit_reached');
    const user: User = newUser({
      username: String(body.username ?? '').trim(),
      email: String(body.email ?? '').trim(),
      fullName: String(body.fullName ?? '').trim(),
      siteId,
      siteRole: 'member',
      siteJoinedAt: new Date().toISOString(),
    });
    db.users.push(user);
    return json(user, 201);
  }),
  http.patch('*/api/sites/users/:id', async ({ request, params }) => {
    const body = (await record(request)) as { isActive?: boolean };
    const user = db.users.find((u) => u.id === Number(params.id));
    if (!user) return notFound('User not found');
    user.isActive = Boolean(body.isActive);
    return json(user);
  }),
  http.get('*/api/sites', async ({ request }) => {
    await record(request);
    return sitesPage(request);
  }),
  http.post('*/api/sites', async ({ request }) => {
    const body = (await record(request)) as Record<string, unknown>;
    const input = siteInput(body);
    if (typeof input === 'string') return refuse(400, input, 'invalid');
    const site: Site = {
      id: db.nextId++,
      name: '',
      status: 'active',
      userLimit: 0,
      plantLimit: 0,
      country: 'United States',
      maintenanceMode: false,
      maintenanceMessage: '',
      createdAt: new Date().toISOString(),
      ...input,
    } as Site;
    db.sites.push(site);
    return json(siteView(site), 201);
  }),
  http.get('*/api/sites/:id/users', async ({ request, params }) => {
    await record(request);
    const id = Number(params.id);
    if (!db.sites.some((s) => s.id === id)) return notFound('Site not found');
    // Paged and searched as the server (docs/api.md "Lists and pagination"): ?q= in the
    // username, full name or e-mail, by id.
    return page(
      request,
      db.users
        .filter((u) => u.siteId === id)
        .sort((a, b) => a.id - b.id)
        .filter((u) => contains(request, u.username, u.fullName, u.email))
        .map(linkOf),
    );
  }),
  http.post('*/api/sites/:id/users', async ({ request, params }) => {
    const body = (await record(request)) as { userId?: number; role?: string; isAdmin?: boolean };
    const siteId = Number(params.id);
    const user = db.users.find((u) => u.id === Number(body.userId));
    if (!user) return refuse(400, 'Please select a user', 'invalid', 'userId');
    if (user.siteId) return refuse(409, 'This user already belongs to a site', 'conflict');
    if (limitReached(siteId)) return refuse(403, 'User limit reached', 'limit_reached');
    Object.assign(user, { siteId, siteRole: body.role ?? 'member', isSiteAdmin: Boolean(body.isAdmin), siteJoinedAt: new Date().toISOString() });
    return json(linkOf(user), 201);
  }),
  http.patch('*/api/sites/:id/toggle-status', async ({ request, params }) => {
    await record(request);
    const site = db.sites.find((s) => s.id === Number(params.id));
    if (!site) return notFound('Site not found');
    site.status = site.status === 'inactive' ? 'active' : 'inactive';
    return json(siteView(site));
  }),
  http.get('*/api/sites/:id', async ({ request, params }) => {
    await record(request);
    const site = db.sites.find((s) => s.id === Number(params.id));
    return site ? json(siteView(site)) : notFound('Site not found');
  }),
  http.patch('*/api/sites/:id', async ({ request, params }) => {
    const body = (await record(request)) as Record<string, unknown>;
    const site = db.sites.find((s) => s.id === Number(params.id));
    if (!site) return notFound('Site not found');
    const input = siteInput(body);
    if (typeof input === 'string') return refuse(400, input, 'invalid');
    Object.assign(site, input);
    return json(siteView(site));
  }),
  http.delete('*/api/sites/:id', async ({ request, params }) => {
    await record(request);
    const id = Number(params.id);
    if (db.users.some((u) => u.siteId === id)) return refuse(409, 'This site still has users: move or remove them first', 'conflict');
    db.sites = db.sites.filter((s) => s.id !== id);
    return new HttpResponse(null, { status: 204 });
  }),
  http.patch('*/api/site-users/:id/role', async ({ request, params }) => {
    const body = (await record(request)) as { role?: string };
    const user = db.users.find((u) => u.id === Number(params.id) && u.siteId);
    if (!user) return notFound('User not found');
    user.siteRole = body.role as User['siteRole'];
    return json(linkOf(user));
  }),
  http.patch('*/api/site-users/:id/admin', async ({ request, params }) => {
    const body = (await record(request)) as { isAdmin?: boolean };
    const user = db.users.find((u) => u.id === Number(params.id) && u.siteId);
    if (!user) return notFound('User not found');
    user.isSiteAdmin = Boolean(body.isAdmin);
    return json(linkOf(user));
  }),
  http.delete('*/api/site-users/:id', async ({ request, params }) => {
    await record(request);
    const user = db.users.find((u) => u.id === Number(params.id) && u.siteId);
    if (!user) return notFound('User not found');
    if (user.isSiteAdmin) return refuse(403, "Remove this user's site admin rights before removing them from the site", 'forbidden');
    Object.assign(user, { siteId: null, siteRole: null, siteJoinedAt: null });
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/admin/users', async ({ request }) => {
    await record(request);
    return usersPage(request);
  }),
  http.get('*/api/users', async ({ request }) => {
    await record(request);
    return usersPage(request);
  }),
  http.post('*/api/users', async ({ request }) => {
    const body = (await record(request)) as Partial<User> & { password?: string };
    if (String(body.username ?? '').trim().length < 3) return refuse(400, 'Username must be at least 3 characters', 'invalid', 'username');
    if (!body.password) return refuse(400, 'Password required', 'invalid', 'password');
    const { password: _password, ...fields } = body;
    const user: User = newUser(fields as Partial<User>);
    const broken = accountRuleBreak(user);
    if (broken) return refuse(403, broken, 'forbidden');
    if (user.siteId && limitReached(user.siteId)) return refuse(403, 'User limit reached', 'limit_reached');
    db.users.push(user);
    return json(user, 201);
  }),
  http.patch('*/api/users/:id/toggle-active', async ({ request, params }) => {
    await record(request);
    const user = db.users.find((u) => u.id === Number(params.id));
    if (!user) return notFound('User not found');
    const broken = accountRuleBreak({ ...user, isActive: user.isActive === false }, user);
    if (broken) return refuse(403, broken, 'forbidden');
    user.isActive = user.isActive === false;
    return json(user);
  }),
  http.get('*/api/users/:id', async ({ request, params }) => {
    await record(request);
    const user = db.users.find((u) => u.id === Number(params.id));
    return user ? json(user) : notFound('User not found');
  }),
  http.patch('*/api/users/:id', async ({ request, params }) => {
    const body = (await record(request)) as Partial<User> & { password?: string };
    const user = db.users.find((u) => u.id === Number(params.id));
    if (!user) return notFound('User not found');
    const { password: _password, ...fields } = body;
    const after = { ...user, ...fields } as User;
    const broken = accountRuleBreak(after, user);
    if (broken) return refuse(403, broken, 'forbidden');
    Object.assign(user, fields);
    return json(user);
  }),
  http.delete('*/api/users/:id', async ({ request, params }) => {
    await record(request);
    const user = db.users.find((u) => u.id === Number(params.id));
    if (!user) return notFound('User not found');
    if (user.isProtected) return refuse(403, 'The protected system account cannot be deleted', 'forbidden');
    if (user.role === 'superadmin') return refuse(403, 'You cannot delete superadmin accounts', 'forbidden');
    if (user.isSiteAdmin) return refuse(403, 'You cannot delete site admin accounts. Please remove admin privileges first.', 'forbidden');
    db.users = db.users.filter((u) => u !== user);
    return new HttpResponse(null, { status: 204 });
  }),
  http.patch('*/api/user/settings', async ({ request }) => {
    const body = (await record(request)) as Partial<User> & { password?: string };
    const { password: _password, ...fields } = body;
    const me = db.users[0] ?? ({ id: 1, username: 'gardener', role: 'user' } as User);
    return json({ ...me, ...fields });
  }),
  http.get('*/api/user-categories', async ({ request }) => {
    await record(request);
    return json(db.userCategories);
  }),
  http.post('*/api/user-categories', async ({ request }) => {
    const body = (await record(request)) as Partial<UserCategory>;
    if (String(body.name ?? '').trim().length < 2) return refuse(400, 'Name must be at least 2 characters', 'invalid', 'name');
    const category: UserCategory = {
      id: db.nextId++,
      name: String(body.name).trim(),
      description: body.description ?? '',
      experts: Boolean(body.experts),
      createdAt: new Date().toISOString(),
    };
    db.userCategories.push(category);
    return json(category, 201);
  }),
  http.patch('*/api/user-categories/:id', async ({ request, params }) => {
    const body = (await record(request)) as Partial<UserCategory>;
    const category = db.userCategories.find((c) => c.id === Number(params.id));
    if (!category) return notFound('Category not found');
    Object.assign(category, body);
    return json(category);
  }),
  http.delete('*/api/user-categories/:id', async ({ request, params }) => {
    await record(request);
    db.userCategories = db.userCategories.filter((c) => c.id !== Number(params.id));
    return new HttpResponse(null, { status: 204 });
  }),
];
