import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { todayKey } from '@/lib/dates';
import { dayFromNow, dayLabel, instantFromNow } from '@/testing/clock';
import { makeDbItem, makeEntry, makePlant, makeTask } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';

describe('plant details', () => {
  // The care log card has its own tests (care-log-card.test.tsx): here it shows an empty log.

  it('shows the plant, its schedules, notes, progress, QR card, journal and care history', async () => {
    signedInGardener();
    db.plants = [
      makePlant({
        id: 7,
        name: 'Basil',
        species: 'Ocimum basilicum',
        location: 'Kitchen window',
        lightNeeds: 'Full Sun',
        acquiredDate: instantFromNow(-20),
        waterFrequency: 3,
        lastWatered: instantFromNow(-3),
        nextWatering: instantFromNow(0),
        fertilizerFrequency: 30,
        lastFertilized: null,
        notes: 'Pinch the flowers.',
        growthProgress: 55,
      }),
    ];
    db.entries = [makeEntry({ plantId: 7, title: 'Sprouted', entryDate: dayFromNow(-18), growthStage: 'Seedling' })];
    db.tasks = [
      makeTask({ plantId: 7, taskType: 'water', scheduledDate: dayFromNow(-3), completed: true, completedDate: instantFromNow(-3) }),
      makeTask({ plantId: 7, taskType: 'prune', scheduledDate: dayFromNow(4) }),
    ];
    renderApp('/plants/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Basil' })).toBeInTheDocument();
    expect(screen.getByText('Ocimum basilicum')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Plants' })).toHaveAttribute('href', '/plants');
    expect(screen.getByRole('link', { name: 'Generate QR Code' })).toHaveAttribute('href', '/plants/7/qrcode');
    expect(screen.getByText('Kitchen window')).toBeInTheDocument();
    expect(screen.getByText(dayLabel(-20))).toBeInTheDocument();
    const watering = screen.getByRole('region', { name: 'Watering schedule' });
    expect(within(watering).getByText('Every 3 days')).toBeInTheDocument();
    expect(within(watering).getByText(dayLabel(-3))).toBeInTheDocument();
    expect(within(watering).getByText(dayLabel(0))).toBeInTheDocument(); // due today: not yet Overdue
    expect(within(watering).queryByText('Overdue')).not.toBeInTheDocument();
    const fertilizing = screen.getByRole('region', { name: 'Fertilizing schedule' });
    expect(within(fertilizing).getByText('Never')).toBeInTheDocument();
    expect(within(fertilizing).getByText('Not scheduled')).toBeInTheDocument();
    expect(screen.getByText('Pinch the flowers.')).toBeInTheDocument();
    expect(screen.getByText('55%')).toBeInTheDocument();
    expect(await screen.findByAltText('QR code for Basil')).toBeInTheDocument();
    expect(await screen.findByText('Sprouted')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual([`${dayLabel(4)}PruneScheduled`, `${dayLabel(-3)}WaterCompleted`]);
    expect(document.title).toBe('Basil · Garden');
  });

  it('says the winter rhythm of an adaptive plant and a watering the heat brought forward', async () => {
    signedInGardener();
    db.plants = [
      makePlant({
        id: 7,
        name: 'Fern',
        waterMode: 'adaptive',
        waterFrequency: 7,
        suggestedWaterFrequency: 7,
        effectiveWaterFrequency: 11,
        waterLearnedFrom: 6,
        seasonFactor: 1.5,
        waterBroughtForwardDays: 1,
        outdoor: true,
      }),
    ];
    renderApp('/plants/7');
    const watering = await screen.findByRole('region', { name: 'Watering schedule' });
    expect(within(watering).getByText('Winter rhythm: every 11 days instead of 7')).toBeInTheDocument();
    expect(within(watering).getByText('Every 11 days')).toBeInTheDocument();
    expect(within(watering).getByText('Watering brought forward a day: heat is expected at your garden.')).toBeInTheDocument();
  });

  it('says nothing of winter outside it or on a fixed schedule', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Fern', waterMode: 'fixed', suggestedWaterFrequency: 7, effectiveWaterFrequency: 7, seasonFactor: 1.5 })];
    renderApp('/plants/7');
    const watering = await screen.findByRole('region', { name: 'Watering schedule' });
    expect(within(watering).queryByText(/Winter rhythm/)).not.toBeInTheDocument();
  });

  it('marks overdue dates: the next watering and an uncompleted past task', async () => {
    signedInGardener();
    const past = (days: number) => {
      const d = new Date();
      d.setDate(d.getDate() - days);
      return d;
    };
    const key = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    db.plants = [
      makePlant({ id: 7, name: 'Basil', status: 'needs_water', waterFrequency: 3, lastWatered: past(5).toISOString(), nextWatering: past(2).toISOString() }),
    ];
    db.tasks = [makeTask({ plantId: 7, taskType: 'prune', scheduledDate: key(past(1)) })];
    renderApp('/plants/7');
    const watering = await screen.findByRole('region', { name: 'Watering schedule' });
    expect(within(watering).getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('Needs Water')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Overdue')).toBeInTheDocument();
  });

  it('edits every field through Edit Plant, with the form filled in and the same messages', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil', species: 'Ocimum basilicum', location: 'Kitchen', growthProgress: 20, waterFrequency: 3, lastFertilized: instantFromNow(-20) })];
    const { user } = renderApp('/plants/7');
    await user.click(await screen.findByRole('button', { name: 'Edit Plant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plant' });
    // A plant from before every plant had a schedule: the form asks when it was last watered.
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Please enter when it was last watered')).toBeInTheDocument();
    expect(db.requests.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /^Last watered/ }));
    await user.click(screen.getByRole('button', { name: format(new Date(), 'MMMM d, yyyy') }));
    expect(within(dialog).getByLabelText('Plant name')).toHaveValue('Basil');
    expect(within(dialog).getByLabelText('Location')).toHaveValue('Kitchen');
    expect(within(dialog).getByLabelText('Water every (days)')).toHaveValue(3);
    await user.clear(within(dialog).getByLabelText('Plant name'));
    await user.type(within(dialog).getByLabelText('Plant name'), 'B');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Plant name must be at least 2 characters')).toBeInTheDocument();
    expect(db.requests.some((r) => r.method === 'PATCH')).toBe(false);
    await user.type(within(dialog).getByLabelText('Plant name'), 'asil Genovese');
    await user.clear(within(dialog).getByLabelText('Location'));
    await user.type(within(dialog).getByLabelText('Location'), 'Greenhouse');
    await user.clear(within(dialog).getByLabelText('Growth progress (%)'));
    await user.type(within(dialog).getByLabelText('Growth progress (%)'), '60');
    await user.selectOptions(within(dialog).getByLabelText('Plant type'), 'Vegetables');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Plant updated')).toBeInTheDocument();
    const patch = db.requests.find((r) => r.method === 'PATCH' && r.path === '/api/plants/7');
    expect(patch?.body).toMatchObject({ name: 'Basil Genovese', location: 'Greenhouse', growthProgress: 60, plantType: 'Vegetables', waterFrequency: 3 });
    expect(patch?.body).toHaveProperty('lastWatered');
    expect(patch?.body).not.toHaveProperty('lastFertilized');
    expect(await screen.findByRole('heading', { level: 1, name: 'Basil Genovese' })).toBeInTheDocument();
  }, 30_000);

  it('opens Edit Plant from the link after a one-click add (?edit=1)', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    renderApp('/plants/7?edit=1');
    expect(await screen.findByRole('dialog', { name: 'Edit Plant' })).toBeInTheDocument();
  });

  it('moves the growth progress with the quick control', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil', growthProgress: 40 })];
    const { user } = renderApp('/plants/7');
    const card = await screen.findByRole('region', { name: 'Growth progress' });
    const save = within(card).getByRole('button', { name: 'Save progress' });
    expect(save).toBeDisabled();
    const slider = within(card).getByRole('slider');
    fireEvent.change(slider, { target: { value: '65' } });
    expect(within(card).getByText(': 65%')).toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText('Progress saved')).toBeInTheDocument();
    const patch = db.requests.find((r) => r.method === 'PATCH' && r.path === '/api/plants/7');
    expect(patch?.body).toEqual({ growthProgress: 65 });
    await waitFor(() => expect(within(card).getByText('65%')).toBeInTheDocument());
  });

  it('Water Now: creates a task today, completes it with an empty body, then sets lastWatered', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    const { user } = renderApp('/plants/7');
    await user.click(await screen.findByRole('button', { name: 'Water Now' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    const writes = db.requests.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/care-tasks',
      `PATCH /api/care-tasks/${(writes[1]!.path.match(/\d+/) ?? [''])[0]}/complete`,
      'PATCH /api/plants/7',
    ]);
    expect(writes[0]!.body).toEqual({ plantId: 7, taskType: 'water', scheduledDate: todayKey(), notes: null });
    expect(writes[1]!.body).toBeUndefined();
    expect(Object.keys(writes[2]!.body as object)).toEqual(['lastWatered']);
    // The plant and its history are fetched again.
    await waitFor(() => expect(screen.getByText('Water')).toBeInTheDocument());
    expect(db.requests.filter((r) => r.method === 'GET' && r.path === '/api/plants/7').length).toBeGreaterThanOrEqual(2);
  });

  it('Fertilize sets lastFertilized', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    const { user } = renderApp('/plants/7');
    await user.click(await screen.findByRole('button', { name: 'Fertilize' }));
    expect(await screen.findByText('Basil was fertilized.')).toBeInTheDocument();
    const patch = db.requests.find((r) => r.method === 'PATCH' && r.path === '/api/plants/7')!;
    expect(Object.keys(patch.body as object)).toEqual(['lastFertilized']);
    expect(db.requests.find((r) => r.method === 'POST')!.body).toMatchObject({ taskType: 'fertilize' });
  });

  it('sends no request for a non-numeric id and shows the error text', async () => {
    signedInGardener();
    renderApp('/plants/abc');
    expect(await screen.findByText('There was an error loading this plant. Please try again later.')).toBeInTheDocument();
    expect(db.requests.filter((r) => r.path.startsWith('/api/plants/'))).toEqual([]);
  });

  it('shows the error text for an unknown plant', async () => {
    signedInGardener();
    renderApp('/plants/999');
    expect(await screen.findByText('There was an error loading this plant. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Plant not found' })).toBeInTheDocument();
  });

  it('deletes the plant with the exact confirmation and goes back to My Plants', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    const { user, router } = renderApp('/plants/7');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(
      within(confirm).getByText('This will permanently delete Basil and all associated journal entries and care tasks.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete Plant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plants'));
    expect(await screen.findByText('Plant deleted')).toBeInTheDocument();
    expect(db.requests.filter((r) => r.method === 'GET' && r.path === '/api/plants/7')).toHaveLength(1);
  });

  it('Buy Seeds opens the matching plant database product in a new tab; hidden without one', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil', species: 'Ocimum basilicum' }), makePlant({ id: 8, name: 'Mystery' })];
    db.database = [makeDbItem({ commonName: 'Sweet Basil', scientificName: 'Ocimum Basilicum', storeUrl: 'https://seeds.example/basil-pp' })];
    const view = renderApp('/plants/7');
    const buy = await screen.findByRole('link', { name: 'Buy Seeds' });
    expect(buy).toHaveAttribute('href', 'https://seeds.example/basil-pp');
    expect(buy).toHaveAttribute('target', '_blank');
    expect(buy).toHaveAttribute('rel', 'noopener noreferrer');
    view.unmount();
    renderApp('/plants/8');
    await screen.findByRole('heading', { level: 1, name: 'Mystery' });
    await waitFor(() => expect(db.requests.filter((r) => r.path === '/api/plant-database').length).toBeGreaterThan(1));
    expect(screen.queryByRole('link', { name: 'Buy Seeds' })).not.toBeInTheDocument();
  });

  it('adds a journal entry for this plant without asking for the plant', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    const { user } = renderApp('/plants/7');
    await user.click(await screen.findByRole('button', { name: 'Add Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Journal Entry' });
    expect(within(dialog).queryByLabelText('Plant')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'New leaves');
    await user.click(within(dialog).getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Journal entry added')).toBeInTheDocument();
    expect(await screen.findByText('New leaves')).toBeInTheDocument();
  });
});
