import { http, HttpResponse } from 'msw';
import type { CareTask, Plant } from '@/api/types';
import { dayFromNow } from '../clock';
import { addDaysKey, db, dueItems, notFound, plantName, record, refuse, withProjections } from './db';

/** Today, care tasks, care due and sowing (docs/api.md "Care tasks", "Sowing"). */
export const careHandlers = [
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
];
