import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { makeHarvest, mockHarvests } from '../testing/mock-harvests';

describe('Edit Harvest (/planning/harvest-tracking/:id/edit)', { timeout: 20000 }, () => {
  it('opens from the record’s menu with its values and saves the change', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Tomato' }), makePlant({ id: 2, name: 'Pepper' })];
    const mock = mockHarvests([makeHarvest({ id: 5, plantId: 1, plantName: 'Tomato', harvestDate: '2026-07-01', quantity: 2, unit: 'kg', notes: 'Ripe' })]);
    const { user, router } = renderApp('/planning/harvest-tracking');
    await screen.findByRole('list', { name: 'Harvest records' });
    await user.click(screen.getByRole('button', { name: 'Actions for Tomato, Jul 1, 2026' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Record' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning/harvest-tracking/5/edit'));
    const form = await screen.findByRole('form', { name: 'Edit Harvest' });
    expect(within(form).getByLabelText('Plant')).toHaveValue('1');
    expect(within(form).getByLabelText('Quantity')).toHaveValue(2);
    expect(within(form).getByLabelText('Unit')).toHaveValue('kg');
    expect(within(form).getByLabelText('Notes')).toHaveValue('Ripe');
    await user.clear(within(form).getByLabelText('Quantity'));
    await user.type(within(form).getByLabelText('Quantity'), '2.4');
    await user.selectOptions(within(form).getByLabelText('Plant'), 'Pepper');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning/harvest-tracking'));
    expect(mock.patched).toEqual([
      { plantId: 2, harvestDate: '2026-07-01', quantity: 2.4, unit: 'kg', bedId: null, notes: 'Ripe', imageUrl: '' },
    ]);
    expect(await screen.findByText('Record Updated')).toBeInTheDocument();
  });

  it('keeps a deleted plant’s name unless another plant is chosen', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Tomato' })];
    const mock = mockHarvests([makeHarvest({ id: 6, plantId: null, plantName: 'Courgette', quantity: null, unit: '' })]);
    const { user } = renderApp('/planning/harvest-tracking/6/edit');
    const plant = await screen.findByLabelText('Plant');
    expect(plant).toHaveDisplayValue('Courgette (plant deleted)');
    await user.type(screen.getByLabelText('Notes'), 'The last one');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(mock.patched).toHaveLength(1));
    expect(mock.patched[0]).not.toHaveProperty('plantId');
    expect(mock.patched[0]).toMatchObject({ notes: 'The last one', quantity: null });
  });

  it('says when the record cannot be found', async () => {
    signedInGardener();
    mockHarvests([]);
    renderApp('/planning/harvest-tracking/77/edit');
    expect(await screen.findByRole('heading', { name: 'Failed to load the harvest record' })).toBeInTheDocument();
    expect(screen.getByText('Harvest record not found')).toBeInTheDocument();
  });
});
