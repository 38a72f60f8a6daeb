import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { backupFileName } from '../api/download-backup';

let clicked: { href: string; download: string }[] = [];

beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:backup');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => vi.restoreAllMocks());

describe('Admin Dashboard backup download', () => {
  it('lets a superadmin download the archive under the server’s file name', async () => {
    signedInGardener({ role: 'superadmin', username: 'admin' });
    let auth = '';
    server.use(
      http.get('*/api/admin/backup', ({ request }) => {
        auth = request.headers.get('Authorization') ?? '';
        return new HttpResponse(new Uint8Array([0x1f, 0x8b]), {
          headers: { 'Content-Type': 'application/gzip', 'Content-Disposition': 'attachment; filename="garden-backup-20260501T030000Z.tar.gz"' },
        });
      }),
    );
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Download backup' }));
    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({ href: 'blob:backup', download: 'garden-backup-20260501T030000Z.tar.gz' });
    expect(auth).toMatch(/^Bearer /);
  });

  it('shows the server’s message when the download fails', async () => {
    signedInGardener({ role: 'superadmin', username: 'admin' });
    server.use(http.get('*/api/admin/backup', () => HttpResponse.json({ message: 'Internal error.' }, { status: 500 })));
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Download backup' }));
    expect(await screen.findByText('Internal error.')).toBeInTheDocument();
    expect(clicked).toHaveLength(0);
  });

  it('is not offered to an admin', async () => {
    signedInGardener({ role: 'admin', siteId: 3 });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download backup' })).not.toBeInTheDocument();
  });

  it('falls back to a plain file name', () => {
    expect(backupFileName(null)).toBe('garden-backup.tar.gz');
  });
});
