import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';
import type { Listing, ListingMessage } from '../api/types';

const listing = (overrides: Partial<Listing> = {}): Listing => ({
  id: 4, userId: 1, title: 'Spare mint cuttings', plantName: 'Mint', plantType: 'Herbs', description: '', listingType: 'Sell', price: 2.5,
  quantity: 3, location: 'Leeds', imageUrl: '', status: 'Open', isExpired: false, createdAt: '2026-11-20T10:00:00Z',
  expiresAt: '2026-12-20T10:00:00Z', username: 'gardener', isOwner: true, canRenew: false, canAddToPlants: false,
  species: '', updatedAt: '', closedAt: null, editedAt: null, edited: false, userAvatar: null, canDelete: true, ...overrides,
});

const message = (id: number, from: string, fromId: number, withId: number, withName: string, text: string): ListingMessage => ({
  id, listingId: 4, message: text, userId: fromId, username: from, createdAt: '2026-11-21T10:00:00Z', conversationWith: withId, conversationUsername: withName, userAvatar: null,
});

describe('Listing detail', () => {
  it('shows the owner every conversation grouped by person, with a reply form each, and management', async () => {
    signedInGardener({ id: 1 });
    let reply: Record<string, unknown> | undefined;
    server.use(
      http.get('*/api/plant-sharing/4', () => HttpResponse.json(listing())),
      http.get('*/api/plant-sharing/4/messages', () =>
        HttpResponse.json([
          message(1, 'bea', 2, 2, 'bea', 'Still there?'),
          message(2, 'cyd', 3, 3, 'cyd', 'Swap for chives?'),
          message(3, 'gardener', 1, 2, 'bea', 'Yes it is'),
        ]),
      ),
      http.post('*/api/plant-sharing/4/messages', async ({ request }) => {
        reply = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(message(4, 'gardener', 1, 3, 'cyd', String(reply.message)), { status: 201 });
      }),
    );
    const { user } = renderApp('/community/plant-sharing/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spare mint cuttings' })).toBeInTheDocument();
    expect(screen.getByText('£2.50')).toBeInTheDocument();
    expect(screen.getByText('Quantity: 3')).toBeInTheDocument();
    const bea = await screen.findByRole('region', { name: 'Conversation with bea' });
    expect(within(bea).getByText('Still there?')).toBeInTheDocument();
    expect(within(bea).getByText('Yes it is')).toBeInTheDocument();
    const cyd = screen.getByRole('region', { name: 'Conversation with cyd' });
    expect(within(cyd).queryByText('Yes it is')).not.toBeInTheDocument();
    await user.click(within(cyd).getByRole('button', { name: 'Send Reply' }));
    expect(await within(cyd).findByText('Please enter a message')).toBeInTheDocument();
    await user.type(within(cyd).getByLabelText('Reply to cyd'), 'Deal!');
    await user.click(within(cyd).getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(reply).toEqual({ message: 'Deal!', recipientId: 3 });
    expect(screen.getByRole('button', { name: 'Mark as Completed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Listing' })).toBeInTheDocument();
  }, 20000);

  it('asks visitors to sign in, and says when a listing is no longer available', async () => {
    server.use(http.get('*/api/plant-sharing/4', () => HttpResponse.json(listing({ isOwner: false, status: 'Closed' }))));
    const first = renderApp('/community/plant-sharing/4');
    expect(await screen.findByRole('link', { name: 'Sign in to Contact' })).toHaveAttribute('href', '/auth?redirect=%2Fcommunity%2Fplant-sharing%2F4');
    expect(screen.getByText('This listing is no longer available')).toBeInTheDocument();
    expect(screen.getByText('COMPLETED')).toBeInTheDocument();
    first.unmount();

    server.use(http.get('*/api/plant-sharing/4', () => HttpResponse.json(listing({ isOwner: false, isExpired: true }))));
    renderApp('/community/plant-sharing/4');
    expect(await screen.findByText('This listing has expired and cannot be contacted')).toBeInTheDocument();
    expect(screen.getByText('EXPIRED')).toBeInTheDocument();
  });

  it('shows the server\'s reason when a message is refused for sending too many (429), and keeps the text', async () => {
    signedInGardener({ id: 2, username: 'bea' });
    const reason = 'You have sent too many messages. Please try again in 40 seconds.';
    server.use(
      http.get('*/api/plant-sharing/4', () => HttpResponse.json(listing({ isOwner: false }))),
      http.get('*/api/plant-sharing/4/messages', () => HttpResponse.json([])),
      http.post('*/api/plant-sharing/4/messages', () =>
        HttpResponse.json({ message: reason, code: 'rate_limited' }, { status: 429, headers: { 'Retry-After': '40' } }),
      ),
    );
    const { user } = renderApp('/community/plant-sharing/4');
    const contact = await screen.findByRole('region', { name: 'Contact the Owner' });
    await user.type(within(contact).getByLabelText('Your message'), 'Is it still there?');
    await user.click(within(contact).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(within(contact).getByLabelText('Your message')).toHaveValue('Is it still there?');
  }, 20000);

  it('says when the listing cannot be loaded', async () => {
    server.use(http.get('*/api/plant-sharing/4', () => HttpResponse.json({ message: 'Listing not found' }, { status: 404 })));
    renderApp('/community/plant-sharing/4');
    expect(await screen.findByText('Failed to load listing details. This listing may not exist or has been removed.')).toBeInTheDocument();
  });
});
