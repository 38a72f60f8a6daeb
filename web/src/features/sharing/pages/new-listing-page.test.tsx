import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';
import { MAX_IMAGE_BYTES } from '../api/create-listing';

function acceptListings() {
  const sent: { body?: Record<string, unknown>; image?: boolean } = {};
  server.use(
    http.post('*/api/plant-sharing', async ({ request }) => {
      sent.body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ id: 7, ...sent.body }, { status: 201 });
    }),
    http.post('*/api/plant-sharing/7/image', async ({ request }) => {
      const form = await request.formData();
      const image = form.get('image');
      sent.image = image !== null && typeof image !== 'string';
      return HttpResponse.json({ id: 7 });
    }),
    http.get('*/api/plant-sharing', () => HttpResponse.json([])),
    http.get('*/api/plant-sharing/plant-types', () => HttpResponse.json(['Herbs', 'Vegetables', 'Fruits', 'Flowers'])),
  );
  return sent;
}

describe('New Listing', () => {
  it('asks visitors to sign in', async () => {
    renderApp('/community/plant-sharing/new');
    expect(await screen.findByText('You must be logged in to create a listing')).toBeInTheDocument();
  });

  it('shows the spec messages, the price only for Sell, and posts the listing with its photo', async () => {
    signedInGardener();
    const sent = acceptListings();
    const { user, router } = renderApp('/community/plant-sharing/new');
    await user.click(await screen.findByRole('button', { name: 'Create Listing' }));
    expect(await screen.findByText('Title must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Plant name is required')).toBeInTheDocument();
    expect(screen.queryByLabelText('Price (£)')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'Tomato seedlings');
    await user.type(screen.getByLabelText('Plant name'), 'Tomato');
    await user.selectOptions(screen.getByLabelText('Plant type'), 'Vegetables');
    await user.selectOptions(screen.getByLabelText('Listing type'), 'Sell');
    await user.type(screen.getByLabelText('Price (£)'), '1.5');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '12');

    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Listing photo'), big);
    expect(await screen.findByText('The image is larger than 5MB')).toBeInTheDocument();
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'tomato.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Listing photo'), photo);
    expect(await screen.findByAltText('Preview of the listing photo')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/community/plant-sharing'));
    expect(sent.body).toMatchObject({ title: 'Tomato seedlings', plantName: 'Tomato', plantType: 'Vegetables', listingType: 'Sell', price: 1.5, quantity: 12 });
    expect(sent.image).toBe(true);
  }, 20000);

  it('is filled from the harvest page query and from one of my plants', async () => {
    signedInGardener();
    acceptListings();
    const first = renderApp('/community/plant-sharing/new?listingType=Swap&plantName=Courgette&plantType=Vegetables&quantity=4&description=Too%20many');
    expect(await screen.findByLabelText('Plant name')).toHaveValue('Courgette');
    expect(screen.getByLabelText('Listing type')).toHaveValue('Swap');
    expect(screen.getByLabelText('Quantity')).toHaveValue(4);
    expect(screen.getByLabelText('Description')).toHaveValue('Too many');
    first.unmount();

    server.use(http.get('*/api/plants/5', () => HttpResponse.json(makePlant({ id: 5, name: 'Lemon balm', species: 'Melissa officinalis', plantType: 'Herbs', imageUrl: '/api/images/balm.png' }))));
    renderApp('/community/plant-sharing/new?plantId=5');
    expect(await screen.findByLabelText('Plant name')).toHaveValue('Lemon balm');
    expect(screen.getByLabelText('Title')).toHaveValue('Lemon balm to share');
    expect(screen.getByAltText('Preview of the listing photo')).toHaveAttribute('src', '/api/images/balm.png');
  });
});
