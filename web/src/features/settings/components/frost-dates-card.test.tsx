import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';

const patches = () => db.requests.filter((r) => r.method === 'PATCH' && r.path === '/api/user/settings');
const card = async () => (await screen.findByRole('heading', { name: 'Frost Dates' })).closest('section, article, div.card') as HTMLElement;

describe('Frost Dates card', () => {
  it('checks MM-DD, offers the estimate from the garden location and saves both dates', async () => {
    signedInGardener({ lastSpringFrost: null, firstAutumnFrost: '10-01' });
    db.season = { ...db.season, frost: null, source: null, estimate: { lastSpringFrost: '05-07', firstAutumnFrost: '10-03' } };
    const { user } = renderApp('/settings');
    const frost = await card();
    expect(within(frost).getByLabelText('First autumn frost')).toHaveValue('10-01');
    await user.type(within(frost).getByLabelText('Last spring frost'), '13-40');
    await user.click(within(frost).getByRole('button', { name: 'Save Frost Dates' }));
    expect(await within(frost).findByText('Please enter a month and day as MM-DD')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);

    expect(await within(frost).findByText(/Estimated from your garden's location: last frost May 7, first frost Oct 3/)).toBeInTheDocument();
    await user.click(within(frost).getByRole('button', { name: 'Use the estimate' }));
    expect(within(frost).getByLabelText('Last spring frost')).toHaveValue('05-07');
    await user.click(within(frost).getByRole('button', { name: 'Save Frost Dates' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ lastSpringFrost: '05-07', firstAutumnFrost: '10-03' });
    expect(await screen.findByText('Frost dates saved')).toBeInTheDocument();
  });

  it('clears a date left empty', async () => {
    signedInGardener({ lastSpringFrost: '04-20', firstAutumnFrost: '10-15' });
    const { user } = renderApp('/settings');
    const frost = await card();
    await user.clear(within(frost).getByLabelText('First autumn frost'));
    await user.click(within(frost).getByRole('button', { name: 'Save Frost Dates' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ lastSpringFrost: '04-20', firstAutumnFrost: null });
  });
});
