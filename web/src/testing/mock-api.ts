import { http, HttpResponse } from 'msw';
import type {
  AdminNotification,
  AppNotification,
  CareTask,
  Device,
  NotificationChannels,
  VapidPublicKey,
  DashboardSummary,
  DueItem,
  ImportHistoryEntry,
  ImportResponse,
  ImportSchedule,
  ImportStatus,
  JournalEntry,
  Plant,
  PlantDatabaseItem,
  PlantLimit,
  RemoteFailure,
  RemotePlant,
  Place,
  WeatherCard,
  SowingEntry,
  SowingSeason,
} from '@/api/types';
import type { AppFunction, Site, SiteCategory, SiteUser, User, UserCategory } from '@/api/types';
import { dayFromNow, instantFromNow } from './clock';

/**
 * An in-memory Garden API for unit tests, shaped like docs/api.md. Tests seed `db`, read
 * `db.requests` to check what was sent, and override single handlers with server.use().
 * Everything is reset after each test (see setup.ts).
 */
export interface MockDb {
  plants: Plant[];
  tasks: CareTask[];
  entries: JournalEntry[];
  database: PlantDatabaseItem[];
  limit: PlantLimit;
  summary: DashboardSummary | null;
  feedUrl: string;
  /** The seed store's "(PP)" products (GET /api/ecommerce/plants) and its unreadable ones. */
  remotePlants: RemotePlant[];
  remoteFailures: RemoteFailure[];
  /** What POST /api/ecommerce/import-plants answers (null: add every remote plant). */
  importResult: ImportResponse | null;
  importStatus: ImportStatus;
  schedule: ImportSchedule;
  history: ImportHistoryEntry[];
  /** The caller's bell list, the console's history, devices, ntfy settings and the VAPID key. */
  notifications: AppNotification[];
  adminNotifications: AdminNotification[];
  devices: Device[];
  channels: NotificationChannels;
  vapid: VapidPublicKey;
  /** Accounts, sites, categories and application functions (docs/api.md "Sites, users…", "Maintenance"). */
  users: User[];
  sites: Site[];
  siteCategories: SiteCategory[];
  userCategories: UserCategory[];
  functions: AppFunction[];
  /** The caller's site for GET /api/sites/current (null: 404). */
  currentSiteId: number | null;
  /** What GET /api/sowing lists (every week alike) and GET /api/sowing/season answers. */
  sowing: SowingEntry[];
  season: SowingSeason;
  requests: { method: string; path: string; search: string; body: unknown }[];
  nextId: number;
  /** GET /api/weather (null: no location set) and what GET /api/weather/places finds. */
  weather: WeatherCard | null;
  places: Place[];
  /** Where each plant grows, by plant id (GET /api/plants/{id}/placements). */
  placements: Record<number, { layoutId: number; layoutName: string; bedId: number; bedName: string; count: number }[]>;
}

function freshDb(): MockDb {
  return {
    plants: [],
    tasks: [],
    entries: [],
    database: [],
    limit: { limit: null, currentCount: 0, canAddPlant: true },
    summary: null,
    feedUrl: 'http://localhost:3000/api/calendar/secret-token-1.ics',
    remotePlants: [],
    remoteFailures: [],
    importResult: null,
    importStatus: { running: false, done: 0, total: 0 },
    schedule: { enabled: true, cronTime: '0 30 1 * * *', time: '01:30', lastRun: null, nextRun: instantFromNow(1, '01:30') },
    history: [],
    weather: null,
    places: [],
    notifications: [],
    adminNotifications: [],
    devices: [],
    channels: { ntfyServer: '', ntfyTopic: '', ntfyEnabled: false, ntfyDefaultServer: 'https://ntfy.sh', updatedAt: null },
    vapid: { publicKey: MOCK_VAPID_PUBLIC_KEY, delivery: 'log' },
    users: [],
    sites: [],
    siteCategories: [
      { id: 1, name: 'Community Garden' },
      { id: 2, name: 'Allotment' },
    ],
    userCategories: [],
    functions: seededFunctions(),
    currentSiteId: null,
    sowing: [],
    season: {
      monday: dayFromNow(0),
      sunday: dayFromNow(6),
      frost: { lastSpringFrost: '05-10', firstAutumnFrost: '10-01' },
      source: 'settings',
      estimate: null,
      southern: false,
    },
    requests: [],
    nextId: 1000,
    placements: {},
  };
}

/** A real P-256 public key (base64url), as GET /api/notifications/vapid-public-key answers. */
export const MOCK_VAPID_PUBLIC_KEY =
  'BBCY84DQNFbGueU4B569ZB8knTtv04nx6PZyp9m3b4_e13pe5wuX6HgkuMnwMHaxkHAMv7zS_uupB1RyF2CRk6w';

export const db: MockDb = freshDb();

export function resetDb(): void {
  Object.assign(db, freshDb());
}

export const emptyStats = () => ({ counts: { water: 0, fertilize: 0, prune: 0, repot: 0 }, topPlants: [] });

export function emptySummary(today = dayFromNow(0)): DashboardSummary {
  return {
    today,
    reminders: { watering: [], fertilizing: [], repotting: 0 },
    stats: { thisMonth: emptyStats(), lastMonth: emptyStats(), last3Months: emptyStats() },
    week: { start: today, end: today, weekNumber: 47 },
  };
}

async function record(request: Request) {
  const url = new URL(request.url);
  let body: unknown = undefined;
  const type = request.headers.get('Content-Type') ?? '';
  try {
    if (type.includes('application/json')) body = await request.clone().json();
    else if (type.includes('multipart/form-data')) body = await request.clone().formData();
  } catch {
    body = undefined;
  }
  db.requests.push({ method: request.method, path: url.pathname, search: url.search, body });
  return body;
}

const notFound = (message = 'Not found') => HttpResponse.json({ message, code: 'not_found' }, { status: 404 });

function addDaysKey(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(y, m - 1, d + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}

/**
 * The Today list as the server derives it (domain.DueOn): a plant's watering when its
 * nextWatering or a pending water task falls on or before today (merged, once a plant), the
 * same for fertilizing, and every other pending task scheduled on or before today.
 */
export function dueItems(today = dayFromNow(0)): DueItem[] {
  const out: DueItem[] = [];
  for (const p of db.plants) {
    for (const [kind, next] of [
      ['water', p.nextWatering],
      ['fertilize', p.nextFertilizing],
    ] as const) {
      const tasks = db.tasks.filter((t) => t.plantId === p.id && !t.completed && t.taskType === kind && t.scheduledDate <= today);
      const dates = [...(next ? [next.slice(0, 10)] : []), ...tasks.map((t) => t.scheduledDate)].sort();
      const dueDate = dates[0];
      if (!dueDate || dueDate > today) continue;
      out.push({ key: `${kind}-${p.id}`, kind, plantId: p.id, plantName: p.name, taskType: kind, taskId: null,
        taskIds: tasks.map((t) => t.id ?? 0), dueDate, overdue: dueDate < today });
    }
  }
  for (const t of db.tasks) {
    if (t.completed || t.scheduledDate > today || t.taskType === 'water' || t.taskType === 'fertilize') continue;
    out.push({ key: `task-${t.id}`, kind: 'task', plantId: t.plantId, plantName: t.plantName ?? plantName(t.plantId) ?? '',
      taskType: t.taskType as DueItem["taskType"], taskId: t.id, taskIds: [], dueDate: t.scheduledDate, overdue: t.scheduledDate < today });
  }
  const rank = { water: 0, fertilize: 1, task: 2 };
  return out.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || rank[a.kind] - rank[b.kind] || a.plantName.localeCompare(b.plantName));
}

/** projected occurrences of pending recurring tasks within [from, to]. */
function withProjections(tasks: CareTask[], from: string, to: string): CareTask[] {
  const real = tasks.filter((t) => t.scheduledDate >= from && t.scheduledDate <= to);
  const projected: CareTask[] = [];
  for (const task of tasks) {
    if (!task.isRecurring || task.completed || !task.recurringDays) continue;
    let date = addDaysKey(task.scheduledDate, task.recurringDays);
    for (let i = 0; i < 60 && date <= to; i++) {
      if (date >= from) {
        projected.push({ ...task, id: null, projected: true, sourceTaskId: task.id, scheduledDate: date, completed: false, completedDate: null });
      }
      date = addDaysKey(date, task.recurringDays);
    }
  }
  return [...real, ...projected].sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate));
}

const plantName = (id: number) => db.plants.find((p) => p.id === id)?.name ?? null;

// ---------- sites, users, categories and maintenance ----------

/** The functions the server seeds (site_wide first). */
export function seededFunctions(): AppFunction[] {
  return [
    ['site_wide', 'Entire Site'],
    ['my_plants', 'My Plants'],
    ['care_schedule', 'Care Schedule'],
    ['growth_journal', 'Growth Journal'],
    ['plant_database', 'Plant Database'],
    ['community_forum', 'Community Forum'],
  ].map(([name, displayName], i) => ({
    id: i + 1,
    name: name!,
    displayName: displayName!,
    description: '',
    maintenanceMode: false,
    maintenanceMessage: '',
    lastMaintenanceStart: null,
    lastMaintenanceEnd: null,
  }));
}

const json = (body: unknown, status = 200) => HttpResponse.json(body as Record<string, unknown>, { status });
const refuse = (status: number, message: string, code: string, field?: string) =>
  HttpResponse.json({ message, code, ...(field ? { errors: { [field]: message } } : {}) }, { status });

/**
 * page answers one page of items as the server's lists do (docs/api.md "Lists and pagination"):
 * ?limit= (default 50) and a cursor (here the offset) in X-Next-Cursor while there is more.
 */
function page<T>(request: Request, items: T[]) {
  const params = new URL(request.url).searchParams;
  const limit = Number(params.get('limit') ?? 50);
  const offset = Number(params.get('cursor') ?? 0);
  const headers: Record<string, string> = {};
  if (offset + limit < items.length) headers['X-Next-Cursor'] = String(offset + limit);
  return HttpResponse.json(items.slice(offset, offset + limit) as unknown as Record<string, unknown>, { headers });
}

/** contains: the server's ?q= search, case-insensitive, over the named fields. */
const contains = (request: Request, ...fields: (string | null | undefined)[]) => {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase();
  return !q || fields.some((f) => (f ?? '').toLowerCase().includes(q));
};
const flag = (request: Request, name: string) => new URL(request.url).searchParams.get(name) === 'true';

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

const adminHandlers = [
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
    const user: User = {
      id: db.nextId++,
      username: String(body.username ?? '').trim(),
      email: String(body.email ?? '').trim(),
      fullName: String(body.fullName ?? '').trim(),
      role: 'user',
      isActive: true,
      siteId,
      isSiteAdmin: false,
      siteRole: 'member',
      siteJoinedAt: new Date().toISOString(),
      createdAt: new Date().toISOString(),
    };
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
    const user: User = { id: db.nextId++, username: '', role: 'user', isActive: true, createdAt: new Date().toISOString(), ...fields } as User;
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
    const category: UserCategory = { id: db.nextId++, name: String(body.name).trim(), description: body.description ?? '', createdAt: new Date().toISOString() };
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

export const apiHandlers = [
  ...adminHandlers,
  // Single sign-on is off unless a test says otherwise (issue 28 item 1).
  http.get('*/api/login/options', () => HttpResponse.json({ password: true, oidc: null })),
  http.get('*/api/user/identities', () => HttpResponse.json({ provider: '', hasPassword: true, identities: [] })),
  http.get('*/api/plants-limit', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.limit);
  }),
  http.get('*/api/plants/limit', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.limit);
  }),
  http.get('*/api/plants', async ({ request }) => {
    await record(request);
    // The server's filter, search and sort (docs/api.md "The gardener's day"); statuses are
    // whatever the fixture says (the server derives them).
    const q = new URL(request.url).searchParams;
    const status = q.get('status');
    const needle = (q.get('q') ?? '').trim().toLowerCase();
    let list = db.plants.filter((p) => !status || p.status === status);
    if (needle) {
      list = list.filter((p) => [p.name, p.species, p.location].some((f) => (f ?? '').toLowerCase().includes(needle)));
    }
    const byName = (a: Plant, b: Plant) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;
    const acquired = (p: Plant) => Date.parse(p.acquiredDate ?? '') || 0;
    const urgency = (p: Plant) => ({ needs_water: 0, needs_care: 1 })[p.status ?? ''] ?? 2;
    const sorts: Record<string, (a: Plant, b: Plant) => number> = {
      name: byName,
      name_desc: (a, b) => byName(b, a),
      oldest: (a, b) => acquired(a) - acquired(b) || a.id - b.id,
      newest: (a, b) => acquired(b) - acquired(a) || a.id - b.id,
      status: (a, b) => urgency(a) - urgency(b) || byName(a, b),
    };
    const sort = sorts[q.get('sort') ?? ''];
    if (sort) list = [...list].sort(sort);
    return HttpResponse.json(list);
  }),
  http.post('*/api/plants', async ({ request }) => {
    const body = (await record(request)) as Partial<Plant>;
    if (!db.limit.canAddPlant) {
      return HttpResponse.json({ message: 'Plant limit reached', code: 'limit_reached' }, { status: 403 });
    }
    const plant: Plant = {
      id: db.nextId++,
      status: 'healthy',
      growthProgress: 0,
      lastWatered: null,
      lastFertilized: null,
      acquiredDate: new Date().toISOString(),
      createdAt: new Date().toISOString(),
      location: '',
      ...body,
    } as Plant;
    db.plants.push(plant);
    db.limit = { ...db.limit, currentCount: db.limit.currentCount + 1 };
    return HttpResponse.json(plant, { status: 201 });
  }),
  http.get('*/api/plants/:id/placements', async ({ request, params }) => {
    await record(request);
    return HttpResponse.json(db.placements[Number(params.id)] ?? []);
  }),
  http.get('*/api/plants/:id/care-tasks', async ({ request, params }) => {
    await record(request);
    return HttpResponse.json(db.tasks.filter((t) => t.plantId === Number(params.id)));
  }),
  // The plant's linked soil sensors: none; a test that needs some answers with its own handler.
  http.get('*/api/plants/:id/sensors', () => HttpResponse.json([])),
  // The plant's care log (newest first); a test that needs entries answers with its own handler.
  http.get('*/api/plants/:id/care', async ({ request }) => {
    await record(request);
    return HttpResponse.json([]);
  }),
  http.get('*/api/plants/:id/journal-entries', async ({ request, params }) => {
    await record(request);
    return HttpResponse.json(db.entries.filter((e) => e.plantId === Number(params.id)));
  }),
  http.get('*/api/plants/:id/qrcode/svg', async ({ request, params }) => {
    await record(request);
    if (!db.plants.some((p) => p.id === Number(params.id))) return notFound();
    return new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>', {
      headers: { 'Content-Type': 'image/svg+xml' },
    });
  }),
  http.get('*/api/plants/:id/qrcode', async ({ request, params }) => {
    await record(request);
    if (!db.plants.some((p) => p.id === Number(params.id))) return notFound();
    return HttpResponse.json({
      qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      url: `http://localhost:3000/plants/${params.id}`,
    });
  }),
  http.get('*/api/plants/:id', async ({ request, params }) => {
    await record(request);
    const plant = db.plants.find((p) => p.id === Number(params.id));
    return plant ? HttpResponse.json(plant) : notFound();
  }),
  http.patch('*/api/plants/:id', async ({ request, params }) => {
    const body = (await record(request)) as Partial<Plant>;
    const plant = db.plants.find((p) => p.id === Number(params.id));
    if (!plant) return notFound();
    Object.assign(plant, body);
    return HttpResponse.json(plant);
  }),
  http.delete('*/api/plants/:id', async ({ request, params }) => {
    await record(request);
    const id = Number(params.id);
    if (!db.plants.some((p) => p.id === id)) return notFound();
    db.plants = db.plants.filter((p) => p.id !== id);
    db.tasks = db.tasks.filter((t) => t.plantId !== id);
    db.entries = db.entries.filter((e) => e.plantId !== id);
    db.limit = { ...db.limit, currentCount: Math.max(0, db.limit.currentCount - 1) };
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/today', async ({ request }) => {
    await record(request);
    const items = dueItems();
    const overdue = new URL(request.url).searchParams.get('overdue') === 'true';
    return HttpResponse.json(overdue ? items.filter((it) => it.overdue) : items, {
      headers: { 'X-Due-Count': String(items.length), 'X-Overdue-Count': String(items.filter((it) => it.overdue).length) },
    });
  }),
  http.post('*/api/today/snooze', async ({ request }) => {
    const body = (await record(request)) as { kind?: string; plantId?: number; taskId?: number };
    const today = dayFromNow(0);
    const tomorrow = dayFromNow(1);
    if (body.kind === 'task') {
      const task = db.tasks.find((t) => t.id === body.taskId && !t.completed);
      if (!task) return notFound('Task not found');
      task.scheduledDate = tomorrow;
      return new HttpResponse(null, { status: 204 });
    }
    const plant = db.plants.find((p) => p.id === body.plantId);
    if (!plant) return notFound('Plant not found');
    if (body.kind === 'water' && plant.nextWatering && plant.nextWatering.slice(0, 10) <= today) plant.nextWatering = `${tomorrow}T00:00:00Z`;
    if (body.kind === 'fertilize' && plant.nextFertilizing && plant.nextFertilizing.slice(0, 10) <= today)
      plant.nextFertilizing = `${tomorrow}T00:00:00Z`;
    for (const t of db.tasks) {
      if (t.plantId === plant.id && !t.completed && t.taskType === body.kind && t.scheduledDate <= today) t.scheduledDate = tomorrow;
    }
    return new HttpResponse(null, { status: 204 });
  }),
  ...(['water', 'fertilize'] as const).map((kind) =>
    http.post(`*/api/plants/${kind}`, async ({ request }) => {
      const body = (await record(request)) as { plantIds?: number[] };
      const ids = body.plantIds ?? [];
      if (ids.length === 0 || ids.length > 100) return refuse(400, 'Choose between 1 and 100 plants', 'invalid', 'plantIds');
      const plants = ids.map((id) => db.plants.find((p) => p.id === id));
      if (plants.some((p) => !p)) return notFound('Plant not found');
      const now = new Date().toISOString();
      const today = dayFromNow(0);
      for (const plant of plants as Plant[]) {
        const due = db.tasks.filter((t) => t.plantId === plant.id && !t.completed && t.taskType === kind && t.scheduledDate <= today);
        if (due.length === 0) {
          due.push({ id: db.nextId++, plantId: plant.id, plantName: plant.name, taskType: kind, scheduledDate: today, completed: false,
            completedDate: null, notes: null, isRecurring: false, recurringDays: null, createdAt: now });
          db.tasks.push(due[0]!);
        }
        for (const t of due) Object.assign(t, { completed: true, completedDate: now });
        const every = kind === 'water' ? plant.waterFrequency : plant.fertilizerFrequency;
        const next = every ? `${dayFromNow(every)}T00:00:00Z` : null;
        if (kind === 'water') Object.assign(plant, { lastWatered: now, nextWatering: next });
        else Object.assign(plant, { lastFertilized: now, nextFertilizing: next });
        if (plant.status === 'needs_water' && kind === 'water') plant.status = 'healthy';
      }
      return HttpResponse.json({ plants });
    }),
  ),
  http.get('*/api/care-tasks/overdue', async ({ request }) => {
    await record(request);
    const today = new URL(request.url).searchParams.get('today') ?? '';
    return HttpResponse.json(
      db.tasks.filter((t) => !t.completed && t.scheduledDate < today).sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate)),
    );
  }),
  http.get('*/api/care-due', async ({ request }) => {
    await record(request);
    const q = new URL(request.url).searchParams;
    const [from, to, today] = [q.get('from') ?? '', q.get('to') ?? '', q.get('today') ?? ''];
    const due = [];
    for (const p of db.plants) {
      for (const [type, next] of [
        ['water', p.nextWatering],
        ['fertilize', p.nextFertilizing],
      ] as const) {
        if (!next) continue;
        const dueDate = next.slice(0, 10);
        const date = dueDate < today ? today : dueDate;
        if (date < from || date > to) continue;
        due.push({ plantId: p.id, plantName: p.name, taskType: type, date, dueDate, overdue: dueDate < date });
      }
    }
    return HttpResponse.json(due.sort((a, b) => a.date.localeCompare(b.date) || a.plantName.localeCompare(b.plantName)));
  }),
  http.get('*/api/care-tasks/date/:date', async ({ request, params }) => {
    await record(request);
    const date = String(params.date);
    return HttpResponse.json(withProjections(db.tasks, date, date));
  }),
  http.get('*/api/care-tasks', async ({ request }) => {
    await record(request);
    const url = new URL(request.url);
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    return HttpResponse.json(from && to ? withProjections(db.tasks, from, to) : db.tasks);
  }),
  http.get('*/api/sowing', async ({ request }) => {
    await record(request);
    // As the server: a page of ?limit= with the offset as cursor in X-Next-Cursor.
    const params = new URL(request.url).searchParams;
    const limit = Number(params.get('limit') ?? 50);
    const offset = Number(params.get('cursor') ?? 0);
    const headers: Record<string, string> = {};
    if (offset + limit < db.sowing.length) headers['X-Next-Cursor'] = String(offset + limit);
    return HttpResponse.json(db.sowing.slice(offset, offset + limit), { headers });
  }),
  http.get('*/api/sowing/season', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.season);
  }),
  http.post('*/api/sowing/:id/reminder', async ({ request, params }) => {
    const body = (await record(request)) as { step: 'sowIndoors' | 'directSow'; plantId?: number };
    const entry = db.sowing.find((e) => e.item.id === Number(params.id));
    if (!entry) return notFound('Plant Not Found');
    let plant: Plant | null = null;
    let plantId = body.plantId;
    if (!plantId) {
      plant = { id: db.nextId++, name: entry.item.commonName, plantType: 'Vegetables' } as Plant;
      db.plants.push(plant);
      plantId = plant.id;
    }
    const step = entry[body.step];
    const task: CareTask = {
      id: db.nextId++,
      plantId,
      plantName: plantName(plantId),
      taskType: 'inspect',
      scheduledDate: step?.open ? dayFromNow(0) : (step?.start ?? dayFromNow(0)),
      completed: false,
      completedDate: null,
      notes: `${body.step === 'sowIndoors' ? 'Sow indoors' : 'Sow outdoors'}: ${entry.item.commonName}`,
      isRecurring: false,
      recurringDays: null,
      createdAt: new Date().toISOString(),
    };
    db.tasks.push(task);
    return HttpResponse.json({ task, plant }, { status: 201 });
  }),
  http.post('*/api/care-tasks', async ({ request }) => {
    const body = (await record(request)) as Partial<CareTask>;
    const task: CareTask = {
      id: db.nextId++,
      plantId: Number(body.plantId),
      plantName: plantName(Number(body.plantId)),
      taskType: String(body.taskType),
      scheduledDate: String(body.scheduledDate).slice(0, 10),
      completed: false,
      completedDate: null,
      notes: body.notes ?? null,
      isRecurring: Boolean(body.isRecurring),
      recurringDays: body.recurringDays ?? null,
      createdAt: new Date().toISOString(),
    };
    db.tasks.push(task);
    return HttpResponse.json(task, { status: 201 });
  }),
  http.patch('*/api/care-tasks/:id/complete', async ({ request, params }) => {
    const body = (await record(request)) as { completedDate?: string } | undefined;
    const task = db.tasks.find((t) => t.id === Number(params.id));
    if (!task) return notFound();
    if (task.completed) return HttpResponse.json({ message: 'This task is already completed', code: 'conflict' }, { status: 409 });
    task.completed = true;
    task.completedDate = body?.completedDate ?? new Date().toISOString();
    let nextTask: CareTask | null = null;
    if (task.isRecurring && task.recurringDays) {
      nextTask = {
        ...task,
        id: db.nextId++,
        completed: false,
        completedDate: null,
        scheduledDate: addDaysKey(task.completedDate.slice(0, 10), task.recurringDays),
      };
      db.tasks.push(nextTask);
    }
    return HttpResponse.json({ ...task, nextTask });
  }),
  http.delete('*/api/care-tasks/:id', async ({ request, params }) => {
    await record(request);
    const before = db.tasks.length;
    db.tasks = db.tasks.filter((t) => t.id !== Number(params.id));
    return before === db.tasks.length ? notFound() : new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/journal-entries', async ({ request }) => {
    await record(request);
    return HttpResponse.json([...db.entries].sort((a, b) => b.entryDate.localeCompare(a.entryDate)));
  }),
  http.post('*/api/journal-entries', async ({ request }) => {
    const body = (await record(request)) as Partial<JournalEntry>;
    const entry: JournalEntry = {
      id: db.nextId++,
      plantId: Number(body.plantId),
      plantName: plantName(Number(body.plantId)),
      userId: 1,
      title: String(body.title),
      content: body.content ?? '',
      imageUrl: body.imageUrl ?? '',
      growthStage: body.growthStage ?? '',
      entryDate: String(body.entryDate),
      createdAt: new Date().toISOString(),
    };
    db.entries.push(entry);
    return HttpResponse.json(entry, { status: 201 });
  }),
  http.patch('*/api/journal-entries/:id', async ({ request, params }) => {
    // As the server: the fields sent change, the rest stay; the entry is marked edited.
    const body = (await record(request)) as Partial<JournalEntry>;
    const entry = db.entries.find((e) => e.id === Number(params.id));
    if (!entry) return HttpResponse.json({ message: 'Journal entry not found', code: 'not_found' }, { status: 404 });
    if (body.title !== undefined && String(body.title).trim().length < 2) {
      return HttpResponse.json(
        { message: 'Title must be at least 2 characters', code: 'invalid', errors: { title: 'Title must be at least 2 characters' } },
        { status: 400 },
      );
    }
    Object.assign(entry, body, { editedAt: new Date().toISOString(), edited: true });
    if (body.plantId !== undefined) entry.plantName = plantName(Number(body.plantId));
    return HttpResponse.json(entry);
  }),
  http.delete('*/api/journal-entries/:id', async ({ request, params }) => {
    await record(request);
    db.entries = db.entries.filter((e) => e.id !== Number(params.id));
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('*/api/upload/image', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ imageUrl: `/api/images/upload-${db.nextId++}.png` }, { status: 201 });
  }),
  http.get('*/api/plant-database', async ({ request }) => {
    await record(request);
    // As the server: by common name, ?q= in either name, ?type= in any case, ?limit= and a
    // cursor (here the offset) in X-Next-Cursor while there is more.
    const params = new URL(request.url).searchParams;
    const q = (params.get('q') ?? '').trim().toLowerCase();
    const type = (params.get('type') ?? '').toLowerCase();
    const limit = Number(params.get('limit') ?? 50);
    const offset = Number(params.get('cursor') ?? 0);
    const matching = [...db.database]
      .sort((a, b) => a.commonName.toLowerCase().localeCompare(b.commonName.toLowerCase()) || a.id - b.id)
      .filter((item) => !type || type === 'all' || (item.plantType || 'Herbs').toLowerCase() === type)
      .filter((item) => !q || [item.commonName, item.scientificName].some((f) => (f ?? '').toLowerCase().includes(q)));
    const page = matching.slice(offset, offset + limit);
    const headers: Record<string, string> = {};
    if (offset + limit < matching.length) headers['X-Next-Cursor'] = String(offset + limit);
    return HttpResponse.json(page, { headers });
  }),
  http.post('*/api/plant-database/clear', async ({ request }) => {
    await record(request);
    const deleted = db.database.length;
    db.database = [];
    return HttpResponse.json({ deleted });
  }),
  http.post('*/api/plant-database/clear-imported', async ({ request }) => {
    await record(request);
    const before = db.database.length;
    db.database = db.database.filter((item) => item.source !== 'import');
    return HttpResponse.json({ deleted: before - db.database.length });
  }),
  http.get('*/api/plant-database/:id', async ({ request, params }) => {
    await record(request);
    const item = db.database.find((i) => String(i.id) === params.id);
    return item ? HttpResponse.json(item) : notFound('Plant Not Found');
  }),
  http.post('*/api/plant-database', async ({ request }) => {
    const body = (await record(request)) as Partial<PlantDatabaseItem>;
    if (String(body.commonName ?? '').trim().length < 2) {
      return HttpResponse.json(
        { message: 'Common name must be at least 2 characters', code: 'invalid', errors: { commonName: 'Common name must be at least 2 characters' } },
        { status: 400 },
      );
    }
    const item: PlantDatabaseItem = {
      id: db.nextId++,
      source: 'manual',
      ...body,
      commonName: String(body.commonName).trim(),
      slug: body.slug || String(body.commonName).trim().toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    } as PlantDatabaseItem;
    db.database.push(item);
    return HttpResponse.json(item, { status: 201 });
  }),
  http.patch('*/api/plant-database/:id', async ({ request, params }) => {
    const body = (await record(request)) as Partial<PlantDatabaseItem>;
    const item = db.database.find((i) => String(i.id) === params.id);
    if (!item) return notFound('Plant Not Found');
    Object.assign(item, body);
    return HttpResponse.json(item);
  }),
  http.delete('*/api/plant-database/:id', async ({ request, params }) => {
    await record(request);
    const before = db.database.length;
    db.database = db.database.filter((i) => String(i.id) !== params.id);
    return before === db.database.length ? notFound('Plant Not Found') : new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/ecommerce/plants', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ data: db.remotePlants, failures: db.remoteFailures });
  }),
  http.post('*/api/ecommerce/import-plants', async ({ request }) => {
    await record(request);
    const result: ImportResponse = db.importResult ?? {
      results: {
        count: { added: db.remotePlants.length, updated: 0, failed: 0, unchanged: 0, skipped: 0 },
        details: db.remotePlants.map((p) => ({ name: p.commonName, status: 'added', message: 'Added to the plant database' })),
        message: `${db.remotePlants.length} added`,
      },
    };
    db.importStatus = { running: false, done: db.remotePlants.length, total: db.remotePlants.length, success: true };
    return HttpResponse.json(result);
  }),
  http.get('*/api/ecommerce/import-status', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.importStatus);
  }),
  http.get('*/api/ecommerce/schedule', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.schedule);
  }),
  http.post('*/api/ecommerce/update-schedule', async ({ request }) => {
    const body = (await record(request)) as { enabled?: boolean; time?: string };
    if (body.time !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(body.time)) {
      const message = 'Time must be HH:MM in 24-hour form, for example 01:30';
      return HttpResponse.json({ message, code: 'invalid', errors: { time: message } }, { status: 400 });
    }
    if (body.enabled !== undefined) db.schedule = { ...db.schedule, enabled: body.enabled };
    if (body.time !== undefined) {
      const [h, m] = body.time.split(':');
      db.schedule = { ...db.schedule, time: body.time, cronTime: `0 ${Number(m)} ${Number(h)} * * *` };
    }
    return HttpResponse.json(db.schedule);
  }),
  http.get('*/api/ecommerce/import-history', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.history);
  }),
  http.get('*/api/dashboard/summary', async ({ request }) => {
    await record(request);
    const today = new URL(request.url).searchParams.get('today') ?? dayFromNow(0);
    return HttpResponse.json(db.summary ?? emptySummary(today));
  }),
  // ----- the weather at the garden (docs/api.md "Seasons and the weather") -----
  http.get('*/api/weather', async ({ request }) => {
    await record(request);
    return HttpResponse.json(
      db.weather ?? { enabled: true, location: null, today: null, tomorrow: null, fetchedAt: null, changes: [] },
    );
  }),
  http.get('*/api/weather/places', async ({ request }) => {
    await record(request);
    const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase();
    return HttpResponse.json(q.length < 2 ? [] : db.places.filter((p) => p.name.toLowerCase().includes(q)));
  }),
  http.get('*/api/calendar/feed', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ url: db.feedUrl });
  }),
  http.post('*/api/calendar/feed/reset', async ({ request }) => {
    await record(request);
    db.feedUrl = `http://localhost:3000/api/calendar/secret-token-${db.nextId++}.ics`;
    return HttpResponse.json({ url: db.feedUrl });
  }),
  // ----- notifications (docs/api.md "Notifications") -----
  http.get('*/api/notifications/unread-count', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ count: db.notifications.filter((n) => !n.isRead).length });
  }),
  http.get('*/api/notifications/vapid-public-key', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.vapid);
  }),
  http.get('*/api/notifications/devices', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.devices);
  }),
  http.post('*/api/notifications/register-device', async ({ request }) => {
    const body = (await record(request)) as {
      playerId?: string;
      deviceName?: string;
      deviceInfo?: Device['deviceInfo'];
      subscription?: { endpoint?: string; keys?: { p256dh?: string; auth?: string } };
    };
    const playerId = body.playerId || body.subscription?.endpoint || '';
    if (!playerId) {
      return HttpResponse.json({ message: 'playerId is required', code: 'invalid', errors: { playerId: 'playerId is required' } }, { status: 400 });
    }
    const now = new Date().toISOString();
    const existing = db.devices.find((d) => d.playerId === playerId);
    const device: Device = {
      id: existing?.id ?? db.nextId++,
      playerId,
      deviceName: body.deviceName ?? '',
      deviceInfo: body.deviceInfo ?? { userAgent: '', platform: '', vendor: '' },
      pushEnabled: Boolean(body.subscription?.keys?.p256dh && body.subscription?.keys?.auth),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    db.devices = [device, ...db.devices.filter((d) => d.playerId !== playerId)];
    return HttpResponse.json(device, { status: existing ? 200 : 201 });
  }),
  http.delete('*/api/notifications/devices/:id', async ({ request, params }) => {
    await record(request);
    const key = decodeURIComponent(String(params.id));
    const before = db.devices.length;
    db.devices = db.devices.filter((d) => String(d.id) !== key && d.playerId !== key);
    return before === db.devices.length ? notFound('Device not found') : new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/notifications/channels', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.channels);
  }),
  http.put('*/api/notifications/channels', async ({ request }) => {
    const body = (await record(request)) as { ntfyServer?: string; ntfyTopic?: string };
    const server = String(body.ntfyServer ?? '').trim();
    const topic = String(body.ntfyTopic ?? '').trim();
    const errors: Record<string, string> = {};
    if (server && !/^https?:\/\/[^\s/?#]+/.test(server)) errors.ntfyServer = 'Please enter a valid URL';
    if (topic && !/^[A-Za-z0-9_-]{1,64}$/.test(topic)) errors.ntfyTopic = 'Topic may use only letters, digits, - and _ (at most 64 characters)';
    const first = Object.values(errors)[0];
    if (first) return HttpResponse.json({ message: first, code: 'invalid', errors }, { status: 400 });
    db.channels = { ...db.channels, ntfyServer: server, ntfyTopic: topic, ntfyEnabled: topic !== '', updatedAt: new Date().toISOString() };
    return HttpResponse.json(db.channels);
  }),
  http.get('*/api/notifications/admin', async ({ request }) => {
    await record(request);
    // As the server: newest first (db.adminNotifications keeps that order), a page at a time.
    return page(request, db.adminNotifications);
  }),
  http.get('*/api/notifications/audience', async ({ request }) => {
    await record(request);
    // As the server: the active users a notification to this target would reach now.
    const params = new URL(request.url).searchParams;
    const type = params.get('targetType');
    const id = Number(params.get('targetId') ?? 0);
    const active = db.users.filter((u) => u.isActive !== false);
    const reached =
      type === 'global' ? active : type === 'site' ? active.filter((u) => u.siteId === id) : active.filter((u) => u.id === id);
    return json({ recipientCount: reached.length });
  }),
  http.post('*/api/notifications/send', async ({ request }) => {
    const body = (await record(request)) as Partial<{
      title: string;
      content: string;
      targetType: string;
      targetId: number | string | null;
      data: Record<string, unknown> | null;
    }>;
    const errors: Record<string, string> = {};
    const title = String(body.title ?? '').trim();
    const content = String(body.content ?? '').trim();
    const targetType = String(body.targetType ?? '').trim();
    if (!title) errors.title = 'Title is required';
    if (!content) errors.content = 'Content is required';
    if (!['global', 'site', 'user'].includes(targetType)) errors.targetType = 'Target type must be global, site or user';
    const targetId = body.targetId === null || body.targetId === undefined || body.targetId === '' ? null : Number(body.targetId);
    if (targetType === 'site' && !targetId) errors.targetId = 'Please select a site';
    if (targetType === 'user' && !targetId) errors.targetId = 'Please select a user';
    const first = Object.values(errors)[0];
    if (first) return HttpResponse.json({ message: first, code: 'invalid', errors }, { status: 400 });
    const entry: AdminNotification = {
      id: db.nextId++,
      title,
      content,
      targetType,
      targetId: targetType === 'global' ? null : targetId,
      targetName: targetType === 'global' ? '' : `#${targetId}`,
      data: body.data ?? {},
      kind: 'admin',
      createdAt: new Date().toISOString(),
      createdBy: 1,
      isRead: false,
      readCount: 0,
      recipientCount: targetType === 'user' ? 1 : 3,
    };
    db.adminNotifications = [entry, ...db.adminNotifications];
    return HttpResponse.json(entry, { status: 201 });
  }),
  http.post('*/api/notifications/mark-all-read', async ({ request }) => {
    await record(request);
    const now = new Date().toISOString();
    let marked = 0;
    db.notifications = db.notifications.map((n) => {
      if (n.isRead) return n;
      marked++;
      return { ...n, isRead: true, readAt: now };
    });
    return HttpResponse.json({ success: true, marked });
  }),
  http.post('*/api/notifications/test', async ({ request }) => {
    const body = (await record(request)) as { type?: string };
    const types = ['care_task', 'forum_reply', 'plant_listing_interest', 'expert_answer', 'harvest_reminder'];
    if (!types.includes(String(body.type))) {
      const message = `Type must be one of ${types.join(', ')}`;
      return HttpResponse.json({ message, code: 'invalid', errors: { type: message } }, { status: 400 });
    }
    const notification: AppNotification = {
      id: db.nextId++,
      title: `Test: ${body.type}`,
      content: 'This is a test notification.',
      createdAt: new Date().toISOString(),
      isRead: false,
      readAt: null,
      data: { type: body.type, test: true, url: '/schedule' },
    };
    db.notifications = [notification, ...db.notifications];
    const pushable = db.devices.filter((d) => d.pushEnabled).length;
    return HttpResponse.json(
      {
        notification,
        channels: {
          inApp: { status: 'sent', sent: 1, failed: 0, removed: 0 },
          push: pushable
            ? { status: 'sent', sent: pushable, failed: 0, removed: 0 }
            : { status: 'skipped', sent: 0, failed: 0, removed: 0, reason: 'no device is registered for push' },
          email: { status: 'skipped', sent: 0, failed: 0, removed: 0, reason: 'e-mail is off' },
          ntfy: db.channels.ntfyEnabled
            ? { status: 'sent', sent: 1, failed: 0, removed: 0 }
            : { status: 'skipped', sent: 0, failed: 0, removed: 0, reason: 'no ntfy topic' },
        },
      },
      { status: 201 },
    );
  }),
  http.patch('*/api/notifications/:id/read', async ({ request, params }) => {
    await record(request);
    const n = db.notifications.find((x) => x.id === Number(params.id));
    if (!n) return notFound('Notification not found');
    if (!n.isRead) Object.assign(n, { isRead: true, readAt: new Date().toISOString() });
    return HttpResponse.json(n);
  }),
  http.delete('*/api/notifications/:id', async ({ request, params }) => {
    await record(request);
    const id = Number(params.id);
    const before = db.adminNotifications.length;
    db.adminNotifications = db.adminNotifications.filter((n) => n.id !== id);
    db.notifications = db.notifications.filter((n) => n.id !== id);
    return before === db.adminNotifications.length ? notFound('Notification not found') : new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/notifications', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.notifications);
  }),
  // The community forum reads as an empty forum unless a test overrides these with server.use().
  http.get('*/api/forum/categories', () => HttpResponse.json([])),
  http.get('*/api/forum/topics/latest', () => HttpResponse.json([])),
  http.get('*/api/forum/topics/popular', () => HttpResponse.json([])),
];
