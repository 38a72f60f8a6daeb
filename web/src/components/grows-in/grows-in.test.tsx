import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';

describe('GrowsIn on the plant details page', () => {
  it('says where the plant grows, linking to the layout', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    db.placements = { 7: [{ layoutId: 3, layoutName: 'Back garden', bedId: 11, bedName: 'Bed 2', count: 4 }] };
    renderApp('/plants/7');
    const link = await screen.findByRole('link', { name: 'Back garden · Bed 2' });
    expect(link).toHaveAttribute('href', '/planning/garden-layouts/3');
    expect(screen.getByText('Grows in')).toBeInTheDocument();
  });

  it('says nothing when the plant is in no bed', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    renderApp('/plants/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Basil' })).toBeInTheDocument();
    expect(screen.queryByText('Grows in')).not.toBeInTheDocument();
  });
});
