import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayKey } from '@/lib/dates';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';
import { mockHarvests } from '../testing/mock-harvests';

describe('Record Harvest (/planning/harvest-tracking/new)', { timeout: 20000 }, () => {
  it('takes the plant from ?plantId=, records the harvest and goes back to the list', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Basil' }), makePlant({ id: 2, name: 'Tomato' })];
    const mock = mockHarvests([]);
    const { user, router } = renderApp('/planning/harvest-tracking/new?plantId=2');
    const plant = await screen.findByLabelText('Plant');
    expect(plant).toHaveValue('2');
    expect(screen.getByRole('heading', { level: 1, name: 'Record Harvest' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Quantity'), '1.5');
    await user.selectOptions(screen.getByLabelText('Unit'), 'kg');
    await user.type(screen.getByLabelText('Notes'), '  First truss ');
    await user.click(screen.getByRole('button', { name: 'Record Harvest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning/harvest-tracking'));
    expect(mock.posted).toEqual([
      { plantId: 2, harvestDate: todayKey(), quantity: 1.5, unit: 'kg', bedId: null, notes: 'First truss', imageUrl: '' },
    ]);
    expect(await screen.findByText('Harvest Recorded')).toBeInTheDocument();
  });

  it('records a harvest without a quantity as Not specified (null)', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Radish' })];
    const mock = mockHarvests([]);
    const { user } = renderApp('/planning/harvest-tracking/new');
    await user.selectOptions(await screen.findByLabelText('Plant'), 'Radish');
    await user.click(screen.getByRole('button', { name: 'Record Harvest' }));
    await waitFor(() => expect(mock.posted).toHaveLength(1));
    expect(mock.posted[0]).toMatchObject({ plantId: 7, quantity: null, unit: '' });
  });

  it('shows the form’s messages and sends nothing while they stand', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Basil' })];
    const mock = mockHarvests([]);
    const { user } = renderApp('/planning/harvest-tracking/new?plantId=99');
    const plant = await screen.findByLabelText('Plant');
    expect(plant).toHaveValue(''); // not one of the gardener's plants
    await user.type(screen.getByLabelText('Quantity'), '-2');
    await user.click(screen.getByRole('button', { name: 'Record Harvest' }));
    expect(await screen.findByText('Please select a plant')).toBeInTheDocument();
    expect(await screen.findByText('Quantity must be 0 or greater')).toBeInTheDocument();
    expect(await screen.findByText('Please select a unit')).toBeInTheDocument();
    expect(plant).toHaveAttribute('aria-invalid', 'true');
    expect(mock.posted).toEqual([]);
  });

  it('shows the server’s message on its field', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Basil' })];
    server.use(
      http.post('*/api/harvests', () =>
        HttpResponse.json({ message: 'Plant not found', code: 'invalid', errors: { plantId: 'Plant not found' } }, { status: 400 }),
      ),
    );
    const { user, router } = renderApp('/planning/harvest-tracking/new?plantId=1');
    const plant = await screen.findByLabelText('Plant');
    await user.click(screen.getByRole('button', { name: 'Record Harvest' }));
    await waitFor(() => expect(plant).toHaveAttribute('aria-invalid', 'true'));
    expect(plant).toHaveAccessibleDescription('Plant not found');
    expect(router.state.location.pathname).toBe('/planning/harvest-tracking/new');
  });

  it('asks for a plant first when the gardener has none', async () => {
    signedInGardener();
    db.plants = [];
    renderApp('/planning/harvest-tracking/new');
    expect(await screen.findByRole('heading', { name: 'No plants yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Plants' })).toHaveAttribute('href', '/plants');
  });
});
