import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { listenForInstallPrompt } from './install-prompt';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

/** A beforeinstallprompt event as Chromium fires it. */
function offer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: typeof outcome }>;
  };
  event.prompt = vi.fn(async () => {});
  event.userChoice = Promise.resolve({ outcome });
  return event;
}

const nav = () => screen.findByRole('navigation', { name: 'Main navigation' });

describe('Install app (issue 27)', () => {
  it('shows no button while the browser offers no installation', async () => {
    stop = listenForInstallPrompt();
    signedInGardener();
    renderApp('/');
    expect(within(await nav()).queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('shows the button once the browser offers it; a click opens the browser’s dialog once', async () => {
    stop = listenForInstallPrompt();
    signedInGardener();
    const { user } = renderApp('/');
    const sidebar = await nav();
    const event = offer('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    const button = await within(sidebar).findByRole('button', { name: 'Install app' });
    await user.click(button);
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(sidebar).queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument());
  });

  it('hides the button when the app was installed another way', async () => {
    stop = listenForInstallPrompt();
    signedInGardener();
    renderApp('/');
    const sidebar = await nav();
    act(() => {
      window.dispatchEvent(offer('dismissed'));
    });
    await within(sidebar).findByRole('button', { name: 'Install app' });
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    await waitFor(() => expect(within(sidebar).queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument());
  });
});
