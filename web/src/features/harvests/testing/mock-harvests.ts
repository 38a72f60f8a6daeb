import { http, HttpResponse, server } from '@/testing/server';
import { yearFromNow } from '@/testing/clock';
import type { Harvest, HarvestBed, HarvestStats } from '../api/types';

/** An in-memory harvest API for the page tests: what they posted, deleted and asked for. */
export interface HarvestMock {
  records: Harvest[];
  posted: unknown[];
  patched: unknown[];
  deleted: number[];
  listUrls: URL[];
  statsUrls: URL[];
  exportUrls: URL[];
  bedUrls: URL[];
}

export function makeHarvest(overrides: Partial<Harvest> = {}): Harvest {
  return {
    id: 1,
    plantId: 1,
    plantName: 'Tomato',
    harvestDate: `${yearFromNow()}-07-01`,
    quantity: 1,
    unit: 'kg',
    notes: '',
    imageUrl: '',
    userId: 1,
    kind: 'mass',
    commonQuantity: 1,
    commonUnit: 'kg',
    bedId: null,
    bedName: '',
    layoutName: '',
    createdAt: `${yearFromNow()}-07-01T09:00:00Z`,
    updatedAt: `${yearFromNow()}-07-01T09:00:00Z`,
    ...overrides,
  };
}

export const emptyStats = (): HarvestStats => ({
  period: 'all',
  range: { from: null, to: null },
  totalHarvests: 0,
  totals: [],
  plants: [],
  mostHarvested: null,
  monthly: [],
  yearOnYear: {
    current: { from: `${yearFromNow()}-01-01`, to: `${yearFromNow()}-12-31` },
    previous: { from: `${yearFromNow(-1)}-01-01`, to: `${yearFromNow(-1)}-12-31` },
    plants: [],
  },
  yieldPerSquareFoot: [],
});

/**
 * mockHarvests answers the harvest calls from `records`: the list newest first, filtered by
 * plantId, q, from and to (not by period: the tests read the URL for that), a page of
 * `limit` with X-Next-Cursor; stats from `stats`; one record by id; POST, PATCH and DELETE
 * change `records` (a bedId takes the bed's names from `beds`); GET /api/garden-beds pages
 * through `beds`.
 */
export function mockHarvests(records: Harvest[], stats: HarvestStats = emptyStats(), beds: HarvestBed[] = []): HarvestMock {
  const mock: HarvestMock = {
    records: [...records],
    posted: [],
    patched: [],
    deleted: [],
    listUrls: [],
    statsUrls: [],
    exportUrls: [],
    bedUrls: [],
  };
  const bedNames = (body: Partial<Harvest>): Partial<Harvest> => {
    if (!('bedId' in body)) return {};
    const bed = beds.find((b) => b.id === body.bedId);
    return { bedName: bed?.name ?? '', layoutName: bed?.layoutName ?? '' };
  };
  server.use(
    http.get('*/api/garden-beds', ({ request }) => {
      const url = new URL(request.url);
      mock.bedUrls.push(url);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const headers: Record<string, string> = {};
      if (start + limit < beds.length) headers['X-Next-Cursor'] = String(start + limit);
      return HttpResponse.json(beds.slice(start, start + limit), { headers });
    }),
    http.get('*/api/harvests/stats', ({ request }) => {
      mock.statsUrls.push(new URL(request.url));
      return HttpResponse.json(stats);
    }),
    http.get('*/api/harvests/export.csv', ({ request }) => {
      mock.exportUrls.push(new URL(request.url));
      return new HttpResponse('Date,Plant\r\n', { headers: { 'Content-Type': 'text/csv' } });
    }),
    http.get('*/api/harvests', ({ request }) => {
      const url = new URL(request.url);
      mock.listUrls.push(url);
      const p = url.searchParams;
      let items = [...mock.records].sort((a, b) => b.harvestDate.localeCompare(a.harvestDate) || b.id - a.id);
      if (p.get('plantId')) items = items.filter((h) => String(h.plantId) === p.get('plantId'));
      if (p.get('q')) items = items.filter((h) => `${h.plantName} ${h.notes}`.toLowerCase().includes(p.get('q')!.toLowerCase()));
      if (p.get('from')) items = items.filter((h) => h.harvestDate >= p.get('from')!);
      if (p.get('to')) items = items.filter((h) => h.harvestDate <= p.get('to')!);
      const start = Number(p.get('cursor') ?? 0);
      const limit = Number(p.get('limit') ?? 50);
      const page = items.slice(start, start + limit);
      const headers: Record<string, string> = {};
      if (start + limit < items.length) headers['X-Next-Cursor'] = String(start + limit);
      return HttpResponse.json(page, { headers });
    }),
    http.post('*/api/harvests', async ({ request }) => {
      const body = (await request.json()) as Partial<Harvest>;
      mock.posted.push(body);
      const created = makeHarvest({ ...body, ...bedNames(body), id: 1000 + mock.posted.length });
      mock.records.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get('*/api/harvests/:id', ({ params }) => {
      const found = mock.records.find((h) => h.id === Number(params.id));
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json({ message: 'Harvest record not found', code: 'not_found' }, { status: 404 });
    }),
    http.patch('*/api/harvests/:id', async ({ params, request }) => {
      const body = (await request.json()) as Partial<Harvest>;
      mock.patched.push(body);
      const i = mock.records.findIndex((h) => h.id === Number(params.id));
      if (i < 0) return HttpResponse.json({ message: 'Harvest record not found', code: 'not_found' }, { status: 404 });
      mock.records[i] = { ...mock.records[i]!, ...body, ...bedNames(body) };
      return HttpResponse.json(mock.records[i]);
    }),
    http.delete('*/api/harvests/:id', ({ params }) => {
      const id = Number(params.id);
      mock.deleted.push(id);
      mock.records = mock.records.filter((h) => h.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return mock;
}
