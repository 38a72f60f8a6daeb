import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollVisibility } from './use-scroll-visibility';

function Probe() {
  return <p>{useScrollVisibility() ? 'visible' : 'hidden'}</p>;
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    vi.runAllTimers();
  });
}

describe('useScrollVisibility (mobile header)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => window.setTimeout(() => cb(0), 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('hides on scrolling down, shows on scrolling up and near the top', () => {
    render(<Probe />);
    expect(screen.getByText('visible')).toBeInTheDocument();
    scrollTo(200);
    expect(screen.getByText('hidden')).toBeInTheDocument();
    scrollTo(150);
    expect(screen.getByText('visible')).toBeInTheDocument();
    scrollTo(400);
    expect(screen.getByText('hidden')).toBeInTheDocument();
    scrollTo(9);
    expect(screen.getByText('visible')).toBeInTheDocument();
  });
});
