import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CareEvent } from '@/api/types';
import { dayFromNow, dayLabel, instantFromNow } from '@/testing/clock';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';

/** careApi serves a plant's care log from events (newest first), pages of `limit`, and records writes. */
function careApi(plantId: number, events: CareEvent[]) {
  const sent: { method: string; url: string; body?: unknown }[] = [];
  let nextId = 1000;
  server.use(
    http.get(`*/api/plants/${plantId}/care`, ({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const sorted = [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id - a.id);
      const page = sorted.slice(start, start + limit);
      const headers: Record<string, string> = {};
      if (start + limit < sorted.length) headers['X-Next-Cursor'] = String(start + limit);
      return HttpResponse.json(page, { headers });
    }),
    http.post(`*/api/plants/${plantId}/care`, async ({ request }) => {
      const body = (await request.json()) as { kind: string; at?: string; note?: string; feedback?: CareEvent['feedback'] };
      sent.push({ method: 'POST', url: request.url, body });
      const event: CareEvent = {
        id: nextId++,
        plantId,
        kind: body.kind,
        source: 'manual',
        at: body.at ?? new Date().toISOString(),
        note: body.note ?? '',
        feedback: body.feedback ?? null,
        postponeDays: 0,
        createdAt: new Date().toISOString(),
      };
      events.push(event);
      return HttpResponse.json({ event, plant: db.plants.find((p) => p.id === plantId) }, { status: 201 });
    }),
    http.delete(`*/api/plants/${plantId}/care/:eventId`, ({ request, params }) => {
      sent.push({ method: 'DELETE', url: request.url });
      const i = events.findIndex((e) => e.id === Number(params.eventId));
      if (i < 0) return HttpResponse.json({ message: 'Care event not found' }, { status: 404 });
      events.splice(i, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

function event(id: number, kind: string, daysAgo: number, extra: Partial<CareEvent> = {}): CareEvent {
  return { id, plantId: 7, kind, source: 'manual', at: instantFromNow(-daysAgo), note: '', feedback: null, postponeDays: 0, createdAt: instantFromNow(-daysAgo), ...extra };
}

describe('plant care log', () => {
  it('lists the newest events with kind, day, source and note, loads more, logs and deletes', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil', lastWatered: instantFromNow(-1) })];
    const events = [
      event(1, 'water', 30, { source: 'import' }),
      ...Array.from({ length: 10 }, (_, i) => event(2 + i, 'water', 3 * (9 - i) + 1, { source: i % 2 ? 'task' : 'manual' })),
      event(20, 'check', 0, { feedback: 'moist', note: 'Still wet at the bottom', postponeDays: 2 }),
    ];
    const sent = careApi(7, events);
    const { user } = renderApp('/plants/7');
    const card = await screen.findByRole('region', { name: 'Care log' });
    const list = await within(card).findByRole('list', { name: 'Care log entries' });
    let items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent('Checked the soil');
    expect(items[0]).toHaveTextContent(dayLabel(0));
    expect(items[0]).toHaveTextContent('Still moist');
    expect(items[0]).toHaveTextContent('Still wet at the bottom');
    expect(items[0]).toHaveTextContent('watering postponed 2 days');
    expect(items[1]).toHaveTextContent(`Watered · ${dayLabel(-1)} · From a task`);

    await user.click(within(card).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    items = within(list).getAllByRole('listitem');
    expect(items[11]).toHaveTextContent(`Watered · ${dayLabel(-30)} · Earlier date`);
    expect(within(card).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // Log a mist two days ago with a note.
    await user.click(within(card).getByRole('button', { name: 'Log care' }));
    const form = within(card).getByRole('form', { name: 'Log care' });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'mist');
    await user.clear(within(form).getByLabelText('Date'));
    await user.type(within(form).getByLabelText('Date'), dayFromNow(-2));
    await user.type(within(form).getByLabelText('Note'), 'Leaves looked dusty');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Care logged')).toBeInTheDocument();
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.body).toMatchObject({ kind: 'mist', note: 'Leaves looked dusty' });
    const at = (post?.body as { at: string }).at;
    expect(new Date(at).getDate()).toBe(new Date(`${dayFromNow(-2)}T12:00:00`).getDate());
    expect(await within(card).findByText(/Misted/)).toBeInTheDocument();

    // Delete the check.
    await user.click(within(card).getByRole('button', { name: `Delete Checked the soil on ${dayLabel(0)}` }));
    await waitFor(() => expect(within(card).queryByText(/Checked the soil/)).not.toBeInTheDocument());
    expect(sent.some((s) => s.method === 'DELETE' && s.url.endsWith('/api/plants/7/care/20'))).toBe(true);
  }, 30_000);

  it('a moist check asks how many days to postpone and sends them', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil', lastWatered: instantFromNow(-1) })];
    const sent = careApi(7, []);
    const { user } = renderApp('/plants/7');
    const card = await screen.findByRole('region', { name: 'Care log' });
    expect(await within(card).findByText(/Nothing logged yet/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Log care' }));
    const form = within(card).getByRole('form', { name: 'Log care' });
    expect(within(form).queryByLabelText('Postpone watering (days)')).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Kind'), 'check');
    await user.selectOptions(within(form).getByLabelText('Feedback'), 'moist');
    const days = within(form).getByLabelText('Postpone watering (days)');
    expect(days).toHaveValue(2);
    await user.clear(days);
    await user.type(days, '3');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ kind: 'check', feedback: 'moist', postponeDays: 3 });
  }, 30_000);

  it('says where the watering interval comes from and switches the mode', async () => {
    signedInGardener();
    db.plants = [
      makePlant({
        id: 7,
        name: 'Basil',
        waterFrequency: 7,
        waterMode: 'fixed',
        suggestedWaterFrequency: 4,
        effectiveWaterFrequency: 7,
        waterLearnedFrom: 6,
        fertilizeMode: 'fixed',
        suggestedFertilizerFrequency: null,
        fertilizeLearnedFrom: 1,
      }),
    ];
    careApi(7, []);
    const { user } = renderApp('/plants/7');
    const watering = await screen.findByRole('region', { name: 'Watering schedule' });
    expect(within(watering).getByText('Every 7 days')).toBeInTheDocument();
    expect(within(watering).getByText('Fixed schedule. Every 4 days, learned from your last 6 waterings.')).toBeInTheDocument();
    const fertilizing = screen.getByRole('region', { name: 'Fertilizing schedule' });
    expect(within(fertilizing).getByText(/Log 2 more fertilizings to learn/)).toBeInTheDocument();
    // Nothing learned yet: the switch offers to learn, not to use a rhythm that does not exist.
    expect(within(fertilizing).getByRole('button', { name: 'Learn as I log care' })).toBeInTheDocument();
    expect(within(fertilizing).queryByRole('button', { name: 'Use learned rhythm' })).not.toBeInTheDocument();

    // The mock API answers the PATCH with the plant as sent; the server would also move the effective interval.
    db.plants[0].effectiveWaterFrequency = 4;
    await user.click(within(watering).getByRole('button', { name: 'Use learned rhythm' }));
    expect(await within(watering).findByText('Every 4 days, learned from your last 6 waterings')).toBeInTheDocument();
    const patch = db.requests.find((r) => r.method === 'PATCH' && r.path === '/api/plants/7');
    expect(patch?.body).toEqual({ waterMode: 'adaptive' });
    expect(within(watering).getByText('Every 4 days')).toBeInTheDocument();
    expect(within(watering).getByRole('button', { name: 'Use fixed schedule' })).toBeInTheDocument();
  }, 30_000);
});
