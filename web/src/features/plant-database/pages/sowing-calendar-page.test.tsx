import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SowingEntry, SowingStep } from '@/api/types';
import { makeDbItem, makePlant } from '@/testing/fixtures';
import { dayFromNow } from '@/testing/clock';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const thisMonth = Number(dayFromNow(0).slice(5, 7));

function step(over: Partial<SowingStep>): SowingStep {
  return { unit: 'months', from: thisMonth, to: thisMonth, open: true, start: dayFromNow(-3), end: dayFromNow(20), months: [thisMonth], ...over };
}

function entry(id: number, name: string, over: Partial<SowingEntry> = {}): SowingEntry {
  return {
    item: makeDbItem({ id, commonName: name, plantType: 'Vegetables' }),
    sowIndoors: null,
    directSow: null,
    transplant: null,
    harvestFrom: null,
    harvestTo: null,
    ...over,
  };
}

function seed() {
  db.sowing = [
    entry(1, 'Tomato', {
      sowIndoors: step({ unit: 'weeks', from: -8, to: -6 }),
      transplant: step({ unit: 'weeks', from: 1, to: 3, open: false, start: dayFromNow(40), end: dayFromNow(54), months: [] }),
      harvestFrom: dayFromNow(70),
      harvestTo: dayFromNow(80),
    }),
    entry(2, 'Bean', { directSow: step({}) }),
  ];
  db.database = db.sowing.map((e) => e.item);
}

const rows = () => within(screen.getByRole('list', { name: 'What to sow this week' })).getAllByRole('listitem').filter((li) => li.classList.contains('sow-row'));

describe('Sowing Calendar page', () => {
  it('lists what can be sown this week with each step, its dates and the frost dates in use', async () => {
    signedInGardener();
    seed();
    renderApp('/sowing-calendar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sowing Calendar' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Tomato' });
    expect(document.title).toBe('Sowing Calendar · Garden');
    const [tomato, bean] = rows();
    expect(within(tomato!).getByText('Sow indoors').closest('li')).toHaveTextContent(/Now, until/);
    expect(within(tomato!).getByText('Plant out').closest('li')).toHaveTextContent(/From/);
    expect(within(tomato!).getByText(/Harvest from/)).toBeInTheDocument();
    expect(within(bean!).getByText('Sow outdoors')).toBeInTheDocument();
    expect(within(tomato!).getByRole('button', { name: 'Add to My Plants' })).toBeEnabled();
    expect(screen.getByText(/Last spring frost May 10, first autumn frost Oct 1 \(from your settings\)/)).toBeInTheDocument();
    // The week asked for is in the request; the first page is of 20.
    const asked = db.requests.find((r) => r.path === '/api/sowing');
    expect(asked?.search).toContain(`week=${dayFromNow(0)}`);
    expect(asked?.search).toContain('limit=20');
  });

  it('Remind me schedules the open step on the plant of that species the gardener has', async () => {
    signedInGardener();
    seed();
    db.plants = [makePlant({ id: 77, name: 'Bean' })];
    const { user } = renderApp('/sowing-calendar');
    await screen.findByRole('link', { name: 'Bean' });
    const bean = rows()[1]!;
    // The gardener's plants have loaded: the row says the species is already theirs.
    await within(bean).findByText(/Already in My Plants/);
    await user.click(within(bean).getByRole('button', { name: 'Remind me' }));
    await screen.findByText(/Sow outdoors: Bean is on your schedule/);
    const sent = db.requests.find((r) => r.method === 'POST' && r.path === '/api/sowing/2/reminder');
    expect(sent?.body).toEqual({ step: 'directSow', plantId: 77, today: dayFromNow(0) });
    expect(db.tasks).toHaveLength(1);
  });

  it('moves a week on and back, and asks for frost dates when none are known', async () => {
    signedInGardener();
    seed();
    db.season = { ...db.season, frost: null, source: null };
    const { user } = renderApp('/sowing-calendar');
    expect(await screen.findByText('Set your frost dates')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set your frost dates in Settings' })).toHaveAttribute('href', '/settings#frost-dates');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(db.requests.some((r) => r.path === '/api/sowing' && r.search.includes(`week=${dayFromNow(7)}`))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(screen.queryByRole('button', { name: 'This week' })).not.toBeInTheDocument();
  });

  it('shows the empty and the error states', async () => {
    signedInGardener();
    renderApp('/sowing-calendar');
    expect(await screen.findByRole('heading', { name: 'Nothing to sow this week' })).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    signedInGardener();
    server.use(http.get('*/api/sowing', () => HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 })));
    renderApp('/sowing-calendar');
    expect(await screen.findByRole('heading', { name: 'Failed to load the sowing calendar' })).toBeInTheDocument();
  });
});
