import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { HttpResponse, http, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';

const stored = {
  id: 5,
  name: 'Back garden',
  description: '',
  width: 20,
  height: 10,
  bedCount: 1,
  username: 'gardener',
  version: 2,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  beds: [{ id: 11, name: 'Bed 1', x: 0, y: 0, width: 4, height: 4, color: null, plantings: [] }],
};

describe('layout editor', () => {
  it('adds a bed, refuses a typed overlap, keeps the drawing after a stale save, then loads the latest', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    const puts: { version: number; beds: { name: string; plantings: unknown[] }[] }[] = [];
    let gets = 0;
    server.use(
      http.get('*/api/garden-layouts/5', () => {
        gets++;
        return HttpResponse.json(gets > 1 ? { ...stored, version: 3, name: 'Back garden (theirs)' } : stored);
      }),
      http.put('*/api/garden-layouts/5/beds', async ({ request }) => {
        puts.push((await request.json()) as never);
        return HttpResponse.json(
          { message: 'This layout was changed elsewhere. Reload it to see the latest version before saving.', code: 'conflict' },
          { status: 409 },
        );
      }),
    );
    const { user } = renderApp('/planning/garden-layouts/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Back garden' })).toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bed 1, 4 by 4 ft at 0, 0' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add bed' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Bed 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bed 2, 4 by 4 ft at 4, 0' })).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    // A typed position on top of Bed 1 is refused with the reason.
    const x = screen.getByLabelText('X (ft from left)');
    await user.clear(x);
    await user.type(x, '2{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Beds cannot overlap: Bed 1 is in the way');
    expect(screen.getByRole('button', { name: 'Bed 2, 4 by 4 ft at 4, 0' })).toBeInTheDocument();

    // A typed size that fits is applied.
    const width = screen.getByLabelText('Width (ft)');
    await user.clear(width);
    await user.type(width, '6.5{Enter}');
    expect(await screen.findByRole('button', { name: 'Bed 2, 6.5 by 4 ft at 4, 0' })).toBeInTheDocument();

    // Undo steps back.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Bed 2, 4 by 4 ft at 4, 0' })).toBeInTheDocument();

    // A plant of the gardener's in Bed 2, two of them, at 1 × 1.5 ft in the bed.
    await user.click(await screen.findByRole('button', { name: /^Add Basil/ }));
    const plantings = screen.getByRole('list', { name: 'Plantings in Bed 2' });
    expect(within(plantings).getByText('Basil')).toBeInTheDocument();
    const count = within(plantings).getByLabelText('Count of Basil');
    await user.type(count, '2', { initialSelectionStart: 0, initialSelectionEnd: 1 });
    await user.type(within(plantings).getByLabelText('X of Basil in the bed (ft)'), '1');
    await user.type(within(plantings).getByLabelText('Y of Basil in the bed (ft)'), '1.5{Enter}');
    expect(await screen.findByText('Basil ×2')).toBeInTheDocument();

    // A stale save: the server refuses, the drawing stays.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText('This layout was changed elsewhere');
    expect(puts).toHaveLength(1);
    expect(puts[0].version).toBe(2);
    expect(puts[0].beds.map((b) => b.name)).toEqual(['Bed 1', 'Bed 2']);
    expect(puts[0].beds[1].plantings).toEqual([{ plantId: 7, plantDatabaseId: null, count: 2, x: 1, y: 1.5 }]);
    expect(screen.getByRole('button', { name: 'Bed 2, 4 by 4 ft at 4, 0' })).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Load the latest (discard mine)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back garden (theirs)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Bed 2,/ })).not.toBeInTheDocument());
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  }, 30_000);

  it('a layout never saved says "Not saved yet", not "All changes saved" (issue 27)', async () => {
    signedInGardener();
    renderApp('/planning/garden-layouts/new');
    expect(await screen.findByText('Not saved yet')).toBeInTheDocument();
    expect(screen.queryByText('All changes saved')).not.toBeInTheDocument();
  });

  it('a bed on the drawing is reached with Tab, picked with Enter and moved with the arrows', async () => {
    signedInGardener();
    server.use(http.get('*/api/garden-layouts/5', () => HttpResponse.json(stored)));
    const { user } = renderApp('/planning/garden-layouts/5');
    const bed = await screen.findByRole('button', { name: 'Bed 1, 4 by 4 ft at 0, 0' });
    expect(bed).toHaveAttribute('tabindex', '0');
    bed.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bed 1' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('button', { name: 'Bed 1, 4 by 4 ft at 0.5, 0' })).toHaveFocus();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});
