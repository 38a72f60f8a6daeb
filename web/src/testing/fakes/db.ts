import { HttpResponse } from 'msw';
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
import type { AppFunction, Site, SiteCategory, User, UserCategory } from '@/api/types';
import { dayFromNow, instantFromNow } from '../clock';

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
    reminders: { watering: [], fertilizing: [], repotting: 0, overdue: 0 },
    due: { due: 0, overdue: 0, water: 0, fertilize: 0, tasks: 0 },
    statusCounts: { healthy: 0, needs_water: 0, needs_care: 0 },
    stats: { thisMonth: emptyStats(), lastMonth: emptyStats(), last3Months: emptyStats() },
    week: { start: today, end: today, weekNumber: 47 },
  };
}

export async function record(request: Request) {
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

export const notFound = (message = 'Not found') => HttpResponse.json({ message, code: 'not_found' }, { status: 404 });

export function addDaysKey(date: string, days: number): string {
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
    out.push({ key: `task-${t.id}`, kind: 'task', plantId: t.plantId, plantName: t.plantName || plantName(t.plantId),
      taskType: t.taskType as DueItem["taskType"], taskId: t.id, taskIds: [], dueDate: t.scheduledDate, overdue: t.scheduledDate < today });
  }
  const rank = { water: 0, fertilize: 1, task: 2 };
  return out.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || rank[a.kind] - rank[b.kind] || a.plantName.localeCompare(b.plantName));
}

/** projected occurrences of pending recurring tasks within [from, to]. */
export function withProjections(tasks: CareTask[], from: string, to: string): CareTask[] {
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

/** The plant's name as the server writes it beside a task or an entry ('' when unknown). */
export const plantName = (id: number) => db.plants.find((p) => p.id === id)?.name ?? '';

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

export const json = (body: unknown, status = 200) => HttpResponse.json(body as Record<string, unknown>, { status });
export const refuse = (status: number, message: string, code: string, field?: string) =>
  HttpResponse.json({ message, code, ...(field ? { errors: { [field]: message } } : {}) }, { status });

/**
 * page answers one page of items as the server's lists do (docs/api.md "Lists and pagination"):
 * ?limit= (default 50) and a cursor (here the offset) in X-Next-Cursor while there is more.
 */
export function page<T>(request: Request, items: T[]) {
  const params = new URL(request.url).searchParams;
  const limit = Number(params.get('limit') ?? 50);
  const offset = Number(params.get('cursor') ?? 0);
  const headers: Record<string, string> = {};
  if (offset + limit < items.length) headers['X-Next-Cursor'] = String(offset + limit);
  return HttpResponse.json(items.slice(offset, offset + limit) as unknown as Record<string, unknown>, { headers });
}

/** contains: the server's ?q= search, case-insensitive, over the named fields. */
export const contains = (request: Request, ...fields: (string | null | undefined)[]) => {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase();
  return !q || fields.some((f) => (f ?? '').toLowerCase().includes(q));
};
export const flag = (request: Request, name: string) => new URL(request.url).searchParams.get(name) === 'true';
