import { http, HttpResponse } from 'msw';
import type { Plant } from '@/api/types';
import { db, notFound, record } from './db';

/** Plants, their limit, placements, care log, journal and QR codes (docs/api.md "Plants"). */
export const plantsHandlers = [
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
];
