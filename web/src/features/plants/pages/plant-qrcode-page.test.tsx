import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

let clicked: { href: string; download: string }[] = [];
let blobs: Blob[] = [];

beforeEach(() => {
  clicked = [];
  blobs = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:qr';
  });
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => vi.useRealTimers());

describe('QR code page', () => {
  it('shows the label 200 px wide, downloads PNG and SVG with the plant-{id}-{slug}-qrcode names, and prints', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Sweet Basil', species: 'Ocimum basilicum' })];
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderApp('/plants/7/qrcode');
    const image = await screen.findByAltText('QR code for Sweet Basil');
    expect(image).toHaveAttribute('width', '200');
    expect(screen.getByRole('link', { name: 'Back to plant details' })).toHaveAttribute('href', '/plants/7');

    await user.click(screen.getByRole('button', { name: 'Download PNG' }));
    expect(clicked[0]).toEqual({ href: image.getAttribute('src'), download: 'plant-7-sweet-basil-qrcode.png' });

    await user.click(screen.getByRole('button', { name: 'Download SVG' }));
    await vi.waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked[1]).toEqual({ href: 'blob:qr', download: 'plant-7-sweet-basil-qrcode.svg' });
    expect(blobs[0]!.type).toBe('image/svg+xml');
    expect(await blobs[0]!.text()).toContain('<svg');
    expect(db.requests.some((r) => r.path === '/api/plants/7/qrcode/svg')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Print QR Code' }));
    expect(print).toHaveBeenCalled();
  });

  it('shows the QR error texts', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    server.use(http.get('*/api/plants/:id/qrcode', () => HttpResponse.text('boom', { status: 500 })));
    renderApp('/plants/7/qrcode');
    expect(await screen.findByText('Failed to fetch QR code')).toBeInTheDocument();
    expect(screen.getByText('Failed to load QR code. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeDisabled();
  });

  it('toasts "Failed to fetch SVG" and "Failed to prepare for printing"', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    server.use(http.get('*/api/plants/:id/qrcode/svg', () => HttpResponse.text('boom', { status: 500 })));
    vi.spyOn(window, 'print').mockImplementation(() => {
      throw new Error('blocked');
    });
    const { user } = renderApp('/plants/7/qrcode');
    await user.click(await screen.findByRole('button', { name: 'Download SVG' }));
    expect(await screen.findByText('Failed to fetch SVG')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print QR Code' }));
    expect(await screen.findByText('Failed to prepare for printing')).toBeInTheDocument();
  });

  it('says "Failed to fetch plant details" for an unknown plant and sends nothing for a non-numeric id', async () => {
    signedInGardener();
    const view = renderApp('/plants/99/qrcode');
    expect(await screen.findByText('Failed to fetch plant details')).toBeInTheDocument();
    view.unmount();
    db.requests = [];
    renderApp('/plants/x1/qrcode');
    expect(await screen.findByText('Failed to fetch plant details')).toBeInTheDocument();
    expect(db.requests.filter((r) => r.path.startsWith('/api/plants'))).toEqual([]);
  });
});
