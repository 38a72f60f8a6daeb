import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueCare } from '@/api/offline-queue';
import { instantFromNow } from '@/testing/clock';
import { OfflineNotice } from './offline-notice';

describe('OfflineNotice', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows while the browser is offline and goes when it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('You are offline: Garden shows what it last loaded.');
    expect(screen.getByRole('status')).not.toHaveTextContent('to be sent');
    act(() => {
      queueCare({ kind: 'water', plantId: 1, at: instantFromNow(0), label: 'Water Basil' });
      queueCare({ kind: 'complete', taskId: 2, at: instantFromNow(0), label: 'Prune Rose' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('2 changes wait to be sent.');

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
