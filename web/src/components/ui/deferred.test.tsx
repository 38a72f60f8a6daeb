import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { deferred, type DeferredProps, type PlaceholderProps } from './deferred';

function RealMenu({ label, defaultOpen = false }: { label: string } & DeferredProps) {
  return (
    <div>
      <button type="button">{label}</button>
      {defaultOpen ? <p>menu open</p> : null}
    </div>
  );
}

function Placeholder({ label, onActivate }: { label: string } & PlaceholderProps) {
  return (
    <button type="button" onClick={onActivate} data-placeholder>
      {label}
    </button>
  );
}

/** A deferred RealMenu whose code "arrives" when the test calls arrive(). */
function controlled() {
  let arrive!: () => void;
  const loaded = new Promise<ComponentType<{ label: string } & DeferredProps>>((resolve) => {
    arrive = () => resolve(RealMenu);
  });
  return { Menu: deferred(() => loaded, Placeholder), arrive: () => act(async () => arrive()) };
}

describe('deferred', () => {
  it('shows the placeholder with the same props until the code arrives, then the component', async () => {
    const { Menu, arrive } = controlled();
    render(<Menu label="Account" />);
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('data-placeholder');
    await arrive();
    expect(await screen.findByRole('button', { name: 'Account' })).not.toHaveAttribute('data-placeholder');
    expect(screen.queryByText('menu open')).not.toBeInTheDocument();
  });

  it('opens the component at once when the placeholder was clicked before it arrived', async () => {
    const { Menu, arrive } = controlled();
    render(<Menu label="Account" />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await arrive();
    expect(await screen.findByText('menu open')).toBeInTheDocument();
  });
});
