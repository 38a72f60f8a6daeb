import { http, HttpResponse } from 'msw';
import type { JournalEntry } from '@/api/types';
import { db, plantName, record } from './db';

/** The growth journal (docs/api.md "Journal"). */
export const journalHandlers = [
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
      editedAt: null,
      edited: false,
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
];
