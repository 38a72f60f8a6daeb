import { http, HttpResponse } from 'msw';
import type {
  CareTask,
  DashboardSummary,
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
} from '@/api/types';

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
  requests: { method: string; path: string; search: string; body: unknown }[];
  nextId: number;
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
    schedule: { enabled: true, cronTime: '0 30 1 * * *', time: '01:30', lastRun: null, nextRun: '2026-11-22T01:30:00Z' },
    history: [],
    requests: [],
    nextId: 1000,
  };
}

export const db: MockDb = freshDb();

export function resetDb(): void {
  Object.assign(db, freshDb());
}

export const emptyStats = () => ({ counts: { water: 0, fertilize: 0, prune: 0, repot: 0 }, topPlants: [] });

export function emptySummary(today = '2026-11-21'): DashboardSummary {
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

export const apiHandlers = [
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
    return HttpResponse.json(db.plants);
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
  http.get('*/api/plants/:id/care-tasks', async ({ request, params }) => {
    await record(request);
    return HttpResponse.json(db.tasks.filter((t) => t.plantId === Number(params.id)));
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
    return HttpResponse.json(db.database);
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
    const today = new URL(request.url).searchParams.get('today') ?? '2026-11-21';
    return HttpResponse.json(db.summary ?? emptySummary(today));
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
];
