import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayKey } from '@/lib/dates';
import { dayFromNow } from '@/testing/clock';
import { makeDbItem } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const open = (start: number, end: number) => ({
  unit: 'months' as const,
  from: 3,
  to: 4,
  open: true,
  start: dayFromNow(start),
  end: dayFromNow(end),
  months: [3, 4],
});

describe('Sow Now card', () => {
  it('lists the first four things to sow this week, each with its step and until when, and links to the calendar', async () => {
    signedInGardener();
    db.sowing = ['Bean', 'Kale', 'Leek', 'Pea', 'Tomato'].map((name, i) => ({
      item: makeDbItem({ id: i + 1, commonName: name }),
      sowIndoors: name === 'Tomato' || name === 'Leek' ? open(-2, 12) : null,
      directSow: name === 'Leek' ? null : open(0, 30),
      transplant: null,
      harvestFrom: null,
      harvestTo: null,
    }));
    renderApp('/');
    // The card's code arrives after the page's; role queries over the whole dashboard are slow.
    await screen.findByText('Pea', undefined, { timeout: 5000 });
    const list = screen.getByLabelText('What to sow this week');
    const card = screen.getByRole('region', { name: 'Sow Now' });
    expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual(['Bean', 'Kale', 'Leek', 'Pea']);
    expect(within(list).getByText(/^Sow indoors · until/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Sowing Calendar/ })).toHaveAttribute('href', '/sowing-calendar');
    const asked = db.requests.find((r) => r.path === '/api/sowing');
    expect(asked?.search).toBe(`?week=${todayKey()}&limit=4`);
  });

  it('says when there is nothing to sow', async () => {
    signedInGardener();
    renderApp('/');
    // The card's code arrives after the page's (sow-now.tsx): its placeholder is swapped out.
    expect(await screen.findByText(/Nothing in the plant database can be sown this week/, undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows an error in the card when the list cannot be loaded', async () => {
    signedInGardener();
    server.use(http.get('*/api/sowing', () => HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 })));
    renderApp('/');
    expect(await screen.findByText(/The sowing list could not be loaded/, undefined, { timeout: 5000 })).toHaveAttribute('role', 'alert');
  });
});
