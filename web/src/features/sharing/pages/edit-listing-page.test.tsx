import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { instantFromNow } from '@/testing/clock';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';
import type { Listing } from '../api/types';

const listing = (overrides: Partial<Listing> = {}): Listing => ({
  id: 4, userId: 1, title: 'Spare mint cuttings', plantName: 'Mint', plantType: 'Herbs', description: 'Rooted in water', listingType: 'Sell',
  price: 2.5, quantity: 3, location: 'Leeds', imageUrl: '', status: 'Open', isExpired: false, createdAt: instantFromNow(-3),
  expiresAt: instantFromNow(27), username: 'gardener', isOwner: true, canRenew: false, canAddToPlants: false,
  species: '', updatedAt: '', closedAt: null, editedAt: null, edited: false, userAvatar: null, canDelete: true, ...overrides,
});

function serveListing(l: Listing) {
  const sent: { body?: Record<string, unknown> } = {};
  server.use(
    http.get('*/api/plant-sharing/4', () => HttpResponse.json(l)),
    http.get('*/api/plant-sharing/4/messages', () => HttpResponse.json([])),
    http.get('*/api/plant-sharing/plant-types', () => HttpResponse.json(['Herbs', 'Vegetables', 'Fruits', 'Flowers'])),
    http.patch('*/api/plant-sharing/4', async ({ request }) => {
      sent.body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ ...l, ...sent.body, edited: true, editedAt: instantFromNow(0) });
    }),
  );
  return sent;
}

describe('Edit Listing', () => {
  it('asks visitors to sign in', async () => {
    renderApp('/community/plant-sharing/4?edit=1');
    expect(await screen.findByText('You must be logged in to edit a listing')).toBeInTheDocument();
  });

  it('opens from the owner’s management card with the listing’s values, checks them as New Listing does and saves', async () => {
    signedInGardener({ id: 1 });
    const sent = serveListing(listing());
    const { user, router } = renderApp('/community/plant-sharing/4');
    await user.click(await screen.findByRole('link', { name: 'Edit Listing' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Listing' })).toBeInTheDocument();
    const title = screen.getByLabelText('Title');
    expect(title).toHaveValue('Spare mint cuttings');
    expect(screen.getByLabelText('Description')).toHaveValue('Rooted in water');
    expect(screen.getByLabelText('Price (£)')).toHaveValue(2.5);

    await user.clear(title);
    await user.type(title, 'ab');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Title must be at least 3 characters')).toBeInTheDocument();
    expect(sent.body).toBeUndefined();

    await user.type(title, 'c mint, rooted');
    await user.selectOptions(screen.getByLabelText('Listing type'), 'Swap');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your listing has been updated.')).toBeInTheDocument();
    expect(sent.body).toMatchObject({ title: 'abc mint, rooted', listingType: 'Swap', price: null, quantity: 3, plantName: 'Mint' });
    expect(sent.body).not.toHaveProperty('plantId');
    expect(router.state.location.pathname).toBe('/community/plant-sharing/4');
    expect(router.state.location.search).toBe('');
  });

  it('says a completed listing cannot be edited, and offers no form', async () => {
    signedInGardener({ id: 1 });
    serveListing(listing({ status: 'Closed' }));
    renderApp('/community/plant-sharing/4?edit=1');
    expect(await screen.findByText('A completed listing cannot be edited')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('shows readers "(edited)" and no Edit Listing', async () => {
    signedInGardener({ id: 2 });
    serveListing(listing({ isOwner: false, edited: true, editedAt: instantFromNow(-1) }));
    renderApp('/community/plant-sharing/4');
    expect(await screen.findByText('(edited)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Listing' })).not.toBeInTheDocument();
  });
});
