import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadAll, preloadable, usePreloaded } from './preload';

function Show({ item }: { item: ReturnType<typeof preloadable<string>> }) {
  const value = usePreloaded(item);
  return <p>{value ?? 'loading'}</p>;
}

describe('preloadable', () => {
  it('loads once, however often it is asked', async () => {
    const importer = vi.fn(async () => 'chunk');
    const item = preloadable(importer);
    expect(item.current()).toBeUndefined();
    await Promise.all([item.load(), item.load()]);
    await item.load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(item.current()).toBe('chunk');
  });

  it('tries again after a failed load', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk');
    const item = preloadable(importer);
    await expect(item.load()).rejects.toThrow('offline');
    expect(item.current()).toBeUndefined();
    await expect(item.load()).resolves.toBe('chunk');
  });

  it('renders the value at once when it was preloaded, and after loading when it was not', async () => {
    const early = preloadable(async () => 'early');
    await preloadAll();
    render(<Show item={early} />);
    expect(screen.getByText('early')).toBeInTheDocument();

    const late = preloadable(async () => 'late');
    render(<Show item={late} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('late')).toBeInTheDocument();
  });

  it('keeps the fallback when the chunk fails to load, and preloading the rest still works', async () => {
    const broken = preloadable(() => Promise.reject(new Error('offline')));
    const fine = preloadable(async () => 'fine');
    await expect(preloadAll()).resolves.toBeUndefined();
    expect(fine.current()).toBe('fine');
    render(<Show item={broken} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('loading')).toBeInTheDocument();
  });
});
