import { http, HttpResponse } from 'msw';
import type { ImportResponse, PlantDatabaseItem } from '@/api/types';
import { db, notFound, record } from './db';

/** Image upload, the plant database and the seed store import (docs/api.md "Plant database"). */
export const plantDatabaseHandlers = [
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
];
