import { screen, waitFor, within } from '@testing-library/react';
import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { toDateKey, todayKey } from '@/lib/dates';
import { makePlant, makeTask } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const dayTasks = () => screen.findByRole('region', { name: /^Tasks for / });

describe('Schedule page', () => {
  it('shows all overdue care once at the top, with its one-tap actions, and the count agrees', async () => {
    signedInGardener();
    const yesterday = toDateKey(addDays(new Date(), -1));
    db.plants = [
      makePlant({ id: 1, name: 'Basil', nextWatering: addDays(new Date(), -2).toISOString(), nextFertilizing: null }),
      makePlant({ id: 2, name: 'Mint', nextWatering: null, nextFertilizing: new Date().toISOString() }),
    ];
    db.tasks = [
      makeTask({ id: 20, plantId: 2, plantName: 'Mint', taskType: 'prune', scheduledDate: yesterday }),
      // Basil's overdue water task is Basil's watering: one row, not two.
      makeTask({ id: 21, plantId: 1, plantName: 'Basil', taskType: 'water', scheduledDate: yesterday }),
    ];
    const { user } = renderApp('/schedule');
    const overdue = await screen.findByRole('region', { name: /Overdue/ });
    expect(within(overdue).getByText('2')).toBeInTheDocument();
    const late = within(overdue).getByRole('listitem', { name: 'Prune Mint (overdue)' });
    expect(within(late).getByText(`Overdue · ${format(addDays(new Date(), -1), 'MMM d')}`)).toBeInTheDocument();
    expect(db.requests.some((r) => r.path === '/api/today' && new URLSearchParams(r.search).get('overdue') === 'true')).toBe(true);
    // The overdue watering is in the group, and not listed again on today's list.
    const water = within(overdue).getByRole('listitem', { name: 'Water Basil (overdue)' });
    expect(within(await dayTasks()).queryByRole('listitem', { name: 'Water Basil (overdue)' })).not.toBeInTheDocument();
    await user.click(within(water).getByRole('button', { name: 'Water: Water Basil' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    expect(db.requests.find((r) => r.method === 'POST' && r.path === '/api/plants/water')?.body).toEqual({ plantIds: [1] });
    expect(db.tasks.find((t) => t.id === 21)?.completed).toBe(true);
    await waitFor(() => expect(within(overdue).queryByRole('listitem', { name: 'Water Basil (overdue)' })).not.toBeInTheDocument());

    // Today's fertilizing is on the calendar.
    expect(screen.getAllByTitle('Fertilize Mint (due)').length).toBeGreaterThan(0);

    // Completing the overdue task empties the group.
    await user.click(within(late).getByRole('button', { name: 'Complete: Prune Mint' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Overdue/ })).not.toBeInTheDocument());
  }, 30_000);

  it('opens the day given in ?date= (the dashboard week strip’s "+N")', async () => {
    signedInGardener();
    const inThreeDays = toDateKey(addDays(new Date(), 3));
    db.plants = [makePlant({ id: 1, name: 'Basil' })];
    db.tasks = [makeTask({ id: 30, plantId: 1, plantName: 'Basil', taskType: 'mist', scheduledDate: inThreeDays })];
    renderApp(`/schedule?date=${inThreeDays}`);
    expect(await within(await dayTasks()).findByRole('listitem', { name: 'Mist Basil' })).toBeInTheDocument();
  }, 30_000);

  it('lists the selected day’s tasks; Complete shows "Completed: (date)" and the next occurrence', async () => {
    signedInGardener();
    const today = todayKey();
    db.plants = [makePlant({ id: 1, name: 'Basil' })];
    db.tasks = [makeTask({ id: 10, plantId: 1, plantName: 'Basil', scheduledDate: today, isRecurring: true, recurringDays: 2 })];
    const { user } = renderApp('/schedule');
    expect(await screen.findByRole('heading', { name: 'Schedule', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Schedule · Garden');
    const item = await within(await dayTasks()).findByRole('listitem', { name: 'Water Basil' });
    expect(within(item).getByText('Every 2 days')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    const done = await within(await dayTasks()).findByText(/^Completed: /);
    expect(done).toHaveTextContent(`Completed: ${format(new Date(), 'MMM d, yyyy')}`);
    expect(within(await dayTasks()).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    const complete = db.requests.find((r) => r.method === 'PATCH')!;
    expect(complete.path).toBe('/api/care-tasks/10/complete');
    expect(typeof (complete.body as { completedDate: string }).completedDate).toBe('string');

    // The next occurrence is a real task two days later.
    const next = toDateKey(addDays(new Date(), 2));
    await user.click(screen.getByRole('button', { name: 'Day' }));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await within(await dayTasks()).findByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(db.requests.some((r) => r.path === `/api/care-tasks/date/${next}`)).toBe(true);
  });

  it('shows projected repeats distinctly and read-only', async () => {
    signedInGardener();
    const today = todayKey();
    db.tasks = [makeTask({ id: 11, plantName: 'Mint', taskType: 'mist', scheduledDate: today, isRecurring: true, recurringDays: 1 })];
    const { user } = renderApp('/schedule');
    await within(await dayTasks()).findByRole('listitem', { name: 'Mist Mint' });
    const tomorrow = addDays(new Date(), 1);
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await user.click(screen.getByRole('button', { name: new RegExp(`^${format(tomorrow, 'EEEE, MMMM d, yyyy')}`) }));
    const projected = await within(await dayTasks()).findByRole('listitem', { name: 'Mist Mint (upcoming repeat)' });
    expect(within(projected).getByText('Upcoming repeat')).toBeInTheDocument();
    expect(within(projected).queryByRole('button')).not.toBeInTheDocument();
  });

  it('selects a date, shows the empty state and schedules a task for that date', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 3, name: 'Aloe' })];
    const { user } = renderApp('/schedule');
    const target = addDays(new Date(), 3);
    await user.click(await screen.findByRole('button', { name: 'Week' }));
    // The week of "today + 3" may be next week.
    if (!screen.queryByRole('button', { name: new RegExp(`^${format(target, 'EEEE, MMMM d, yyyy')}`) })) {
      await user.click(screen.getByRole('button', { name: 'Next week' }));
    }
    await user.click(screen.getByRole('button', { name: new RegExp(`^${format(target, 'EEEE, MMMM d, yyyy')}`) }));
    expect(await within(await dayTasks()).findByRole('heading', { name: 'No tasks for this day' })).toBeInTheDocument();
    await user.click(within(await dayTasks()).getByRole('button', { name: 'Schedule a Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a Care Task' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue(toDateKey(target));
    await within(within(dialog).getByLabelText('Plant')).findByRole('option', { name: 'Aloe' });
    await user.selectOptions(within(dialog).getByLabelText('Plant'), '3');
    await user.selectOptions(within(dialog).getByLabelText('Task type'), 'inspect');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Task' }));
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    expect(await within(await dayTasks()).findByRole('listitem', { name: 'Inspect Aloe' })).toBeInTheDocument();
  });

  it('switches Day, Week and Month and goes back to Today', async () => {
    signedInGardener();
    const { user } = renderApp('/schedule');
    const now = new Date();
    expect(await screen.findByRole('group', { name: format(now, 'MMMM yyyy') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: format(addDays(new Date(now.getFullYear(), now.getMonth(), 1), 32), 'MMMM yyyy') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(screen.getByRole('group', { name: format(now, 'EEEE, MMMM d, yyyy') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByRole('heading', { name: /^Week \d+ · / })).toBeInTheDocument();
    const range = db.requests.filter((r) => r.path === '/api/care-tasks' && r.search.startsWith('?from='));
    expect(range.length).toBeGreaterThanOrEqual(3);
  });

  it('deletes a task after confirmation and reports failures', async () => {
    signedInGardener();
    db.tasks = [makeTask({ id: 12, plantName: 'Basil', taskType: 'prune', scheduledDate: todayKey() })];
    const { user } = renderApp('/schedule');
    await user.click(await screen.findByRole('button', { name: 'Delete prune task for Basil' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Task' }));
    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    expect(await within(await dayTasks()).findByRole('heading', { name: 'No tasks for this day' })).toBeInTheDocument();
  });

  it('reports a failed completion', async () => {
    signedInGardener();
    db.tasks = [makeTask({ id: 13, plantName: 'Basil', scheduledDate: todayKey() })];
    server.use(http.patch('*/api/care-tasks/:id/complete', () => HttpResponse.text('no', { status: 500 })));
    const { user } = renderApp('/schedule');
    await user.click(await within(await dayTasks()).findByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Could not complete the task. Please try again.')).toBeInTheDocument();
  });

  it('shows the calendar feed, copies it ("Link copied!" for 2 s) and resets it', async () => {
    signedInGardener();
    const { user } = renderApp('/schedule');
    const url = await screen.findByLabelText('Calendar feed URL');
    await waitFor(() => expect(url).toHaveValue('http://localhost:3000/api/calendar/secret-token-1.ics'));
    expect(screen.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
      'href',
      'webcal://localhost:3000/api/calendar/secret-token-1.ics',
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Link copied!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/api/calendar/secret-token-1.ics');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument(), { timeout: 3500 });

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset the calendar link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset Link' }));
    expect(await screen.findByText('Calendar link reset')).toBeInTheDocument();
    await waitFor(() => expect(url).toHaveValue(db.feedUrl));
    expect(db.feedUrl).not.toBe('http://localhost:3000/api/calendar/secret-token-1.ics');
  });
});
