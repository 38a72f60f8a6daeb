import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayFromNow, instantFromNow } from '@/testing/clock';
import { makePlant, makeTask } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const todayList = () => screen.findByRole('region', { name: 'Today' });

describe('Today list', () => {
  it('lists every due watering, fertilizing and task with its action, overdue ones marked', async () => {
    signedInGardener();
    db.plants = [
      makePlant({ id: 1, name: 'Basil', nextWatering: instantFromNow(-2), nextFertilizing: null }),
      makePlant({ id: 2, name: 'Mint', nextWatering: instantFromNow(3), nextFertilizing: instantFromNow(0) }),
      makePlant({ id: 3, name: 'Fern', nextWatering: instantFromNow(5), nextFertilizing: null }),
    ];
    db.tasks = [
      makeTask({ id: 10, plantId: 3, plantName: 'Fern', taskType: 'prune', scheduledDate: dayFromNow(0) }),
      // Basil's water task is Basil's watering: one row.
      makeTask({ id: 11, plantId: 1, plantName: 'Basil', taskType: 'water', scheduledDate: dayFromNow(-1) }),
      makeTask({ id: 12, plantId: 3, plantName: 'Fern', taskType: 'repot', scheduledDate: dayFromNow(1) }),
    ];
    const { user } = renderApp('/');
    const list = await todayList();
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Water Basil (overdue)', 'Fertilize Mint', 'Prune Fern']);
    expect(within(list).getByText(/3/, { selector: 'strong' })).toBeInTheDocument();
    expect(within(list).getByText(/1 overdue/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Due today')).toBeInTheDocument();

    await user.click(within(rows[2]!).getByRole('button', { name: 'Complete: Prune Fern' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    expect(db.requests.some((r) => r.method === 'PATCH' && r.path === '/api/care-tasks/10/complete')).toBe(true);
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Prune Fern' })).not.toBeInTheDocument());

    await user.click(within(rows[0]!).getByRole('button', { name: 'Water: Water Basil' }));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Water Basil (overdue)' })).not.toBeInTheDocument());
    expect(db.requests.filter((r) => r.path === '/api/plants/water').map((r) => r.body)).toEqual([{ plantIds: [1] }]);
    expect(db.tasks.find((t) => t.id === 11)?.completed).toBe(true);
  }, 30_000);

  it('Water all confirms the plants it will water, then sends one request', async () => {
    signedInGardener();
    db.plants = [1, 2, 3, 4, 5, 6].map((i) =>
      makePlant({ id: i, name: `Pot ${i}`, waterFrequency: 3, nextWatering: instantFromNow(-1), nextFertilizing: null }),
    );
    const { user } = renderApp('/');
    const list = await todayList();
    expect(await within(list).findAllByRole('listitem')).toHaveLength(3); // three rows, the rest behind "Show all"
    await user.click(within(list).getByRole('button', { name: 'Show all 6' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    await user.click(within(list).getByRole('button', { name: 'Water all (6)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Water 6 plants?' });
    expect(within(dialog).getByText('Pot 1, Pot 2, Pot 3, Pot 4, Pot 5, Pot 6')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Water all' }));
    expect(await screen.findByText('6 plants were watered.')).toBeInTheDocument();
    expect(db.requests.filter((r) => r.path === '/api/plants/water').map((r) => r.body)).toEqual([{ plantIds: [1, 2, 3, 4, 5, 6] }]);
    expect(await within(list).findByText('Nothing due today')).toBeInTheDocument();
  }, 30_000);

  it('Snooze moves an item to tomorrow', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Basil', nextWatering: instantFromNow(0), nextFertilizing: null })];
    const { user } = renderApp('/');
    const row = await within(await todayList()).findByRole('listitem', { name: 'Water Basil' });
    await user.click(within(row).getByRole('button', { name: 'Snooze Water Basil until tomorrow' }));
    expect(await screen.findByText('Water Basil moved to tomorrow.')).toBeInTheDocument();
    expect(db.requests.find((r) => r.path === '/api/today/snooze')?.body).toEqual({ kind: 'water', plantId: 1 });
    expect(await within(await todayList()).findByText('Nothing due today')).toBeInTheDocument();
  }, 30_000);

  it('shows its empty and error states in the reserved space', async () => {
    signedInGardener();
    server.use(http.get('*/api/today', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    const { user } = renderApp('/');
    const list = await todayList();
    expect(await within(list).findByText("Today's care could not be loaded.")).toBeInTheDocument();
    server.resetHandlers();
    signedInGardener();
    await user.click(within(list).getByRole('button', { name: 'Try again' }));
    expect(await within(list).findByText('Nothing due today')).toBeInTheDocument();
  }, 30_000);

  it('the week strip’s "+N" opens that day on the Schedule', async () => {
    signedInGardener();
    db.plants = [1, 2, 3, 4, 5].map((i) => makePlant({ id: i, name: `Pot ${i}`, nextWatering: instantFromNow(0), nextFertilizing: null }));
    const { user } = renderApp('/');
    const week = await screen.findByRole('region', { name: 'Schedule' });
    const more = await within(week).findByRole('link', { name: /^2 more on .*: open the day$/ });
    expect(more).toHaveAttribute('href', `/schedule?date=${dayFromNow(0)}`);
    await user.click(more);
    expect(await screen.findByRole('heading', { name: 'Schedule', level: 1 })).toBeInTheDocument();
  }, 30_000);
});
