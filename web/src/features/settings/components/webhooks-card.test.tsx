import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { instantFromNow } from '@/testing/clock';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { validateWebhook, type Webhook, type WebhookDelivery } from '../api/webhooks';

describe('validateWebhook', () => {
  it('carries the server messages', () => {
    expect(validateWebhook({ url: '', events: ['plant.watered'], secret: '' })).toEqual({ url: 'URL is required' });
    expect(validateWebhook({ url: 'ftp://x.org', events: [], secret: 'short' })).toEqual({
      url: 'URL must be an http or https address',
      events: 'Choose at least one event',
      secret: 'Secret must be 16 to 200 characters',
    });
    expect(validateWebhook({ url: 'https://ha.example.org/api/webhook/x', events: ['task.due'], secret: '' })).toEqual({});
  });
});

describe('Settings › Webhooks', () => {
  it('creates a webhook, shows its secret once, sends a test, shows the log, and deletes it', async () => {
    let hooks: Webhook[] = [];
    const posted: unknown[] = [];
    const log: WebhookDelivery[] = [];
    server.use(
      http.get('*/api/webhooks', () => HttpResponse.json(hooks)),
      http.post('*/api/webhooks', async ({ request }) => {
        const body = (await request.json()) as { url: string; events: string[] };
        posted.push(body);
        if (body.url.includes('127.0.0.1')) {
          const message = "The webhook's address is not allowed: private and loopback addresses are refused";
          return HttpResponse.json({ message, code: 'invalid', errors: { url: message } }, { status: 400 });
        }
        const h: Webhook = {
          id: 4,
          url: body.url,
          events: body.events,
          active: true,
          siteWide: false,
          failingSince: null,
          pausedAt: null,
          createdAt: instantFromNow(0),
          updatedAt: instantFromNow(0),
        };
        hooks = [h];
        return HttpResponse.json({ ...h, secret: 'a'.repeat(64) }, { status: 201 });
      }),
      http.post('*/api/webhooks/4/test', () => {
        const d: WebhookDelivery = {
          id: 11,
          event: 'webhook.test',
          status: 'delivered',
          attempts: 1,
          httpStatus: 200,
          latencyMs: 42,
          error: '',
          createdAt: instantFromNow(0),
          attemptedAt: instantFromNow(0),
        };
        log.unshift(d);
        return HttpResponse.json(d);
      }),
      http.get('*/api/webhooks/4/deliveries', () => HttpResponse.json(log)),
      http.delete('*/api/webhooks/4', () => {
        hooks = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signedInGardener();
    const { user } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'Webhooks' })).closest('section')!;
    expect(await within(card).findByText('No webhooks')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'New webhook' }));
    // The superadmins' site-wide switch is not offered to a gardener.
    expect(within(card).queryByText('Site-wide')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Create webhook' }));
    expect(await within(card).findByText('URL is required')).toBeInTheDocument();
    expect(posted).toEqual([]);

    // The server refuses a private address: its message shows on the field.
    await user.type(within(card).getByLabelText('URL'), 'http://127.0.0.1:8123/hook');
    await user.click(within(card).getByRole('button', { name: 'Create webhook' }));
    expect(await within(card).findByText("The webhook's address is not allowed: private and loopback addresses are refused")).toBeInTheDocument();

    await user.clear(within(card).getByLabelText('URL'));
    await user.type(within(card).getByLabelText('URL'), 'https://ha.example.org/api/webhook/garden');
    await user.click(within(card).getByRole('checkbox', { name: /A plant was watered/ }));
    await user.click(within(card).getByRole('button', { name: 'Create webhook' }));
    expect(await within(card).findByLabelText('Webhook secret')).toHaveTextContent('a'.repeat(64));
    expect(posted[1]).toEqual({ url: 'https://ha.example.org/api/webhook/garden', events: ['plant.needs_water', 'plant.watered'], siteWide: false });
    await user.click(within(card).getByRole('button', { name: 'Done' }));
    expect(within(card).queryByLabelText('Webhook secret')).not.toBeInTheDocument();
    expect(await within(card).findByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('A plant needs water · A plant was watered')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Send test' }));
    const region = await within(card).findByRole('region', { name: 'Deliveries of https://ha.example.org/api/webhook/garden' });
    expect(await within(region).findByText('Delivered')).toBeInTheDocument();
    expect(within(region).getByText(/HTTP 200 · 42 ms · 1 attempt/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Delete https://ha.example.org/api/webhook/garden' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(within(card).getByText('No webhooks')).toBeInTheDocument());
  });

  it('shows a paused webhook and an error when the list fails', async () => {
    const paused: Webhook = {
      id: 5,
      url: 'https://down.example.org/hook',
      events: ['task.due'],
      active: false,
      siteWide: false,
      failingSince: instantFromNow(-2),
      pausedAt: instantFromNow(-1),
      createdAt: instantFromNow(-10),
      updatedAt: instantFromNow(-1),
    };
    server.use(http.get('*/api/webhooks', () => HttpResponse.json([paused])));
    signedInGardener();
    const { unmount } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'Webhooks' })).closest('section')!;
    expect(await within(card).findByText(/^Paused /)).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: 'Deliver to https://down.example.org/hook' })).not.toBeChecked();
    unmount();

    server.use(http.get('*/api/webhooks', () => HttpResponse.json({ message: 'Internal error.' }, { status: 500 })));
    renderApp('/settings');
    const again = (await screen.findByRole('heading', { name: 'Webhooks' })).closest('section')!;
    expect(await within(again).findByText('Failed to load webhooks')).toBeInTheDocument();
  });
});
