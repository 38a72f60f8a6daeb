import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { HttpResponse, http, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';

const layout = {
  id: 3,
  name: 'Back garden',
  description: 'Vegetables by the shed',
  width: 20,
  height: 10,
  bedCount: 3,
  username: 'gardener',
  version: 4,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
};

describe('Garden Layouts list', () => {
  it('shows cards with bed count, size, description and owner, searches on the server, duplicates and deletes', async () => {
    signedInGardener();
    const seen: string[] = [];
    let layouts = [layout];
    server.use(
      http.get('*/api/garden-layouts', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        seen.push(search);
        return HttpResponse.json(layouts.filter((l) => l.name.toLowerCase().includes(search.toLowerCase())));
      }),
      http.post('*/api/garden-layouts/3/copy', () => {
        const copy = { ...layout, id: 4, name: 'Copy of Back garden' };
        layouts = [copy, ...layouts];
        return HttpResponse.json(copy, { status: 201 });
      }),
      http.delete('*/api/garden-layouts/3', () => {
        layouts = layouts.filter((l) => l.id !== 3);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/planning/garden-layouts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Garden Layouts' })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Back garden' })).closest('article')!;
    expect(within(card).getByText('3 beds')).toBeInTheDocument();
    expect(within(card).getByText('20 ft × 10 ft')).toBeInTheDocument();
    expect(within(card).getByText('Vegetables by the shed')).toBeInTheDocument();
    expect(within(card).getByText('By gardener')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Layout' })).toHaveAttribute('href', '/planning/garden-layouts/new');

    await user.click(within(card).getByRole('button', { name: 'Actions for Back garden' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit Layout' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByText('Layout Copied')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Copy of Back garden' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Actions for Back garden' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('This permanently deletes the layout and all associated data.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Layout Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Back garden' })).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Search layouts'), 'zzz');
    expect(await screen.findByText('No garden layouts found.')).toBeInTheDocument();
    await waitFor(() => expect(seen).toContain('zzz'));
  }, 30_000);

  it('shows the empty and error states of the spec', async () => {
    signedInGardener();
    server.use(http.get('*/api/garden-layouts', () => HttpResponse.json([])));
    renderApp('/planning/garden-layouts');
    expect(await screen.findByText('No garden layouts found.')).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    signedInGardener();
    server.use(http.get('*/api/garden-layouts', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderApp('/planning/garden-layouts');
    expect(await screen.findByText('Failed to load garden layouts. Please try again later.')).toBeInTheDocument();
  });
});

describe('Crop Rotation list', () => {
  it('shows plans with year range and group count, the Rotation Groups card and the About card', async () => {
    signedInGardener();
    server.use(
      http.get('*/api/crop-rotation/plans', () =>
        HttpResponse.json([
          { id: 1, name: 'Four beds', description: '', startYear: 2026, duration: 4, gap: 3, layoutId: 3, layoutName: 'Back garden', areas: [], groupCount: 4, username: 'gardener', createdAt: '2026-11-01T10:00:00Z' },
          { id: 2, name: 'Pots', description: '', startYear: 2027, duration: 1, gap: 3, layoutId: null, layoutName: null, areas: ['Patio'], groupCount: 1, username: 'gardener', createdAt: '2026-11-01T10:00:00Z' },
        ]),
      ),
      http.get('*/api/crop-rotation/groups', () =>
        HttpResponse.json([
          { id: 1, name: 'Legumes', description: 'Peas and beans', color: '#2e7d32' },
          { id: 2, name: 'Mine', description: '', color: null },
        ]),
      ),
    );
    renderApp('/planning/crop-rotation');
    const four = (await screen.findByRole('link', { name: 'Four beds' })).closest('article')!;
    expect(within(four).getByText('2026–2029')).toBeInTheDocument();
    expect(within(four).getByText(/4 groups/)).toBeInTheDocument();
    const pots = screen.getByRole('link', { name: 'Pots' }).closest('article')!;
    expect(within(pots).getByText('2027')).toBeInTheDocument();
    expect(within(pots).getByText(/1 group/)).toBeInTheDocument();
    const groups = await screen.findByRole('list', { name: 'Rotation groups' });
    expect(within(groups).getByText('Legumes')).toBeInTheDocument();
    expect(within(groups).getByText('Peas and beans')).toBeInTheDocument();
    const dots = groups.querySelectorAll('.pl-dot');
    expect((dots[1] as HTMLElement).style.background).toBe('rgb(100, 116, 139)');
    expect(screen.getByRole('link', { name: 'Manage Groups' })).toHaveAttribute('href', '/planning/crop-rotation/groups');
    expect(screen.getByRole('heading', { name: 'About Crop Rotation' })).toBeInTheDocument();
  });

  it('shows the empty states and the load error', async () => {
    signedInGardener();
    server.use(
      http.get('*/api/crop-rotation/plans', () => HttpResponse.json({ message: 'down' }, { status: 500 })),
      http.get('*/api/crop-rotation/groups', () => HttpResponse.json([])),
    );
    renderApp('/planning/crop-rotation');
    expect(await screen.findByText('Failed to load rotation plans. Please try again later.')).toBeInTheDocument();
    expect(await screen.findByText('No rotation groups defined.')).toBeInTheDocument();
  });
});

describe('Rotation plan editor', () => {
  it('colours cells, rotates, and flags a forced repeat', async () => {
    signedInGardener();
    const rows = [1, 2, 3].map((id) => ({ bedId: id, area: null, name: `Bed ${id}` }));
    const saved: unknown[] = [];
    server.use(
      http.get('*/api/crop-rotation/plans/9', () =>
        HttpResponse.json({
          id: 9, name: 'Three beds', description: '', startYear: 2026, duration: 3, gap: 3, layoutId: null, layoutName: null,
          areas: [], groupCount: 3, createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T10:00:00Z', rows,
          assignments: [
            { bedId: 1, area: null, year: 2026, groupId: 1 },
            { bedId: 2, area: null, year: 2026, groupId: 2 },
            { bedId: 3, area: null, year: 2026, groupId: 3 },
          ],
          warnings: [],
        }),
      ),
      http.get('*/api/crop-rotation/groups', () =>
        HttpResponse.json([
          { id: 1, name: 'Legumes', description: '', color: '#2e7d32' },
          { id: 2, name: 'Brassicas', description: '', color: '#3949ab' },
          { id: 3, name: 'Roots', description: '', color: '#e65100' },
        ]),
      ),
      http.put('*/api/crop-rotation/plans/9/assignments', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ id: 9, gap: 3, assignments: [], warnings: [] });
      }),
    );
    const { user } = renderApp('/planning/crop-rotation/9');
    const cell = await screen.findByRole('combobox', { name: 'Bed 1, 2026' });
    expect(cell).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    expect(screen.getByRole('combobox', { name: 'Bed 2, 2027' })).toHaveValue('1');
    expect(screen.getByRole('combobox', { name: 'Bed 1, 2027' })).toHaveValue('3');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByText('No group comes back to a bed within 3 years.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bed 1, 2027' }), 'Legumes');
    const warnings = await screen.findByRole('list', { name: 'Rotation warnings' });
    expect(within(warnings).getByText('Legumes return to Bed 1 in 2027, 1 year after 2026 (wait at least 3 years)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bed 1, 2027' })).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { assignments: unknown[] }).assignments).toContainEqual({ bedId: 1, area: null, year: 2027, groupId: 1 });
  }, 30_000);
});
