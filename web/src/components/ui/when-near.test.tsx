import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from './when-near';

/** A stand-in for the browser's IntersectionObserver that the test moves by hand. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly watched: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The watched element enters (or stays outside) the observed area. */
  move(isIntersecting: boolean) {
    const entries = this.watched.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

describe('WhenNear', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a placeholder of the given height until its place comes near the window', () => {
    const { container } = render(
      <WhenNear height={220} className="dash-section">
        <p>Growth Journey</p>
      </WhenNear>,
    );
    expect(screen.queryByText('Growth Journey')).not.toBeInTheDocument();
    const placeholder = container.querySelector('[data-when-near]') as HTMLElement;
    expect(placeholder).toHaveStyle({ height: '220px' });
    expect(placeholder).toHaveClass('skeleton', 'dash-section');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    // The observer looks ahead of the window, not only at it.
    const [observer] = FakeObserver.all;
    expect(observer.options?.rootMargin).toMatch(/^\d+px 0px$/);

    observer.move(false);
    expect(screen.queryByText('Growth Journey')).not.toBeInTheDocument();
    observer.move(true);
    expect(screen.getByText('Growth Journey')).toBeInTheDocument();
    expect(container.querySelector('[data-when-near]')).toBeNull();
    expect(observer.disconnected).toBe(true);
  });

  it('draws every waiting section at the first key press, so Tab never skips one', () => {
    render(
      <>
        <WhenNear height={100}>
          <a href="/journal">Journal</a>
        </WhenNear>
        <WhenNear height={100}>
          <a href="/plant-database">Browse Database</a>
        </WhenNear>
      </>,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Journal', 'Browse Database']);
  });

  it('draws its children at once where the browser has no IntersectionObserver', () => {
    vi.unstubAllGlobals();
    const saved = globalThis.IntersectionObserver;
    // jsdom has none; the stub above is gone, so this is the plain test window.
    expect(saved).toBeUndefined();
    render(
      <WhenNear height={100}>
        <p>Care Statistics</p>
      </WhenNear>,
    );
    expect(screen.getByText('Care Statistics')).toBeInTheDocument();
  });
});
