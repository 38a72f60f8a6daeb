import { http, HttpResponse } from 'msw';
import { dayFromNow } from '../clock';
import { db, emptySummary, record } from './db';

/** The dashboard summary, the weather at the garden and the calendar feed. */
export const dashboardHandlers = [
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
];
