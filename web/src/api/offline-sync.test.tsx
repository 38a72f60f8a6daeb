import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { instantFromNow } from '@/testing/clock';
import { http, HttpResponse, server } from '@/testing/server';
import { offlineQueue, queueCare, unreachable } from './offline-queue';
import { flushOfflineQueue } from './offline-sync';

/** Records what reached the mock server's care routes, in order. */
function careServer(answer: (body: unknown) => Response | undefined = () => undefined) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const handle = async ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    const body: unknown = await request.json();
    sent.push({ method: request.method, path, body });
    return answer(body) ?? HttpResponse.json({});
  };
  server.use(
    http.post('*/api/plants/water', handle),
    http.post('*/api/plants/fertilize', handle),
    http.patch('*/api/care-tasks/:id/complete', handle),
  );
  return sent;
}

const wateredAt = instantFromNow(-3, '08:00');
const completedAt = instantFromNow(-2, '09:00');

describe('the offline queue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the acts in the order they were done, with the time they were done', async () => {
    const sent = careServer();
    queueCare({ kind: 'water', plantId: 4, at: wateredAt, label: 'Water Basil' });
    queueCare({ kind: 'complete', taskId: 9, at: completedAt, label: 'Prune Rose' });
    queueCare({ kind: 'fertilize', plantId: 5, at: completedAt, label: 'Fertilize Mint' });

    expect(await flushOfflineQueue()).toEqual({ sent: 3, refused: [] });
    expect(sent).toEqual([
      { method: 'POST', path: '/api/plants/water', body: { plantIds: [4], at: wateredAt } },
      { method: 'PATCH', path: '/api/care-tasks/9/complete', body: { completedDate: completedAt } },
      { method: 'POST', path: '/api/plants/fertilize', body: { plantIds: [5], at: completedAt } },
    ]);
    expect(offlineQueue()).toEqual([]);
  });

  it('keeps a task to complete once, however often it was tapped', () => {
    queueCare({ kind: 'complete', taskId: 9, at: completedAt, label: 'Prune Rose' });
    queueCare({ kind: 'complete', taskId: 9, at: wateredAt, label: 'Prune Rose' });
    expect(offlineQueue()).toHaveLength(1);
  });

  it('stops at a server error or an expired session and keeps the rest for later', async () => {
    for (const status of [503, 401]) {
      window.localStorage.clear();
      const sent = careServer(() => HttpResponse.json({ message: 'Down for maintenance' }, { status }));
      queueCare({ kind: 'water', plantId: 4, at: wateredAt, label: 'Water Basil' });
      queueCare({ kind: 'water', plantId: 5, at: wateredAt, label: 'Water Mint' });
      expect(await flushOfflineQueue()).toEqual({ sent: 0, refused: [] });
      expect(sent).toHaveLength(1);
      expect(offlineQueue()).toHaveLength(2);
    }
  });

  it('stops when the server cannot be reached, and keeps everything', async () => {
    server.use(http.post('*/api/plants/water', () => HttpResponse.error()));
    queueCare({ kind: 'water', plantId: 4, at: wateredAt, label: 'Water Basil' });
    expect(await flushOfflineQueue()).toEqual({ sent: 0, refused: [] });
    expect(offlineQueue()).toHaveLength(1);
  });

  it('drops an act the server refuses (the plant is gone) and sends the next', async () => {
    const sent = careServer((body) =>
      JSON.stringify(body) .includes('[4]') ? HttpResponse.json({ message: 'Plant not found' }, { status: 404 }) : undefined,
    );
    queueCare({ kind: 'water', plantId: 4, at: wateredAt, label: 'Water Basil' });
    queueCare({ kind: 'water', plantId: 5, at: wateredAt, label: 'Water Mint' });
    const result = await flushOfflineQueue();
    expect(result.sent).toBe(1);
    expect(result.refused).toEqual([{ item: expect.objectContaining({ plantId: 4 }), message: 'Plant not found' }]);
    expect(sent.map((s) => s.body)).toEqual([
      { plantIds: [4], at: wateredAt },
      { plantIds: [5], at: wateredAt },
    ]);
    expect(offlineQueue()).toEqual([]);
  });

  it('knows offline from an answer: a failed fetch is unreachable, a server error is not', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(unreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(unreachable(new Error('500: boom'))).toBe(false);
    onLine.mockReturnValue(false);
    expect(unreachable()).toBe(true);
  });

  it('is sent when the browser comes back online, and says so', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const sent = careServer();
    // The app's provider shows the offline notice and runs the sender (OfflineSync).
    render(
      <AppProvider swrCache={() => new Map()}>
        <p>page</p>
      </AppProvider>,
    );
    act(() => queueCare({ kind: 'water', plantId: 4, at: wateredAt, label: 'Water Basil' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You are offline');
    expect(screen.getByRole('status')).toHaveTextContent('1 change waits to be sent.');
    expect(sent).toEqual([]);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('The care you logged offline was saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/api/plants/water', body: { plantIds: [4], at: wateredAt } }]);
    await waitFor(() => expect(offlineQueue()).toEqual([]));
    expect(screen.queryByRole('status', { name: /offline/ })).not.toBeInTheDocument();
  });
});
