import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/server';
import { renderWithSession } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import type { ForumCategory } from '../api/types';
import { CategoryFormDialog } from './category-form-dialog';

const veg: ForumCategory = { id: 5, name: 'Vegetables', slug: 'veg', description: 'Beds and pots', topicsCount: 2, sortOrder: 3, createdAt: '2026-06-01T08:00:00Z', lastActivityAt: null };

describe('CategoryFormDialog', () => {
  let requests: { method: string; url: string; body: unknown }[];
  beforeEach(() => {
    signedInGardener({ role: 'superadmin', username: 'admin' });
    requests = [];
    const record = async ({ request }: { request: Request }) => {
      const body = await request.json();
      requests.push({ method: request.method, url: new URL(request.url).pathname, body });
      return HttpResponse.json({ ...veg, ...(body as object) }, { status: request.method === 'POST' ? 201 : 200 });
    };
    server.use(http.post('*/api/forum/categories', record), http.patch('*/api/forum/categories/:id', record));
  });

  it('adds a category: the slug follows the name, the sort order defaults to count + 1', async () => {
    const { user } = renderWithSession(<CategoryFormDialog open onOpenChange={() => {}} category={null} count={3} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    expect(within(dialog).getByLabelText('Sort order')).toHaveValue(4);
    await user.type(within(dialog).getByLabelText('Name'), 'Fruit & Veg');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('fruit-veg');
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: 'POST',
      url: '/api/forum/categories',
      body: { name: 'Fruit & Veg', slug: 'fruit-veg', sortOrder: 4, description: '' },
    });
  });

  it('shows the rules: name and slug required, sort order at least 0', async () => {
    const { user } = renderWithSession(<CategoryFormDialog open onOpenChange={() => {}} category={null} count={0} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    await user.clear(within(dialog).getByLabelText('Sort order'));
    await user.type(within(dialog).getByLabelText('Sort order'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await within(dialog).findByText('Category name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Slug is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Sort order must be 0 or greater')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('edits: the original slug follows the name until the slug is changed by hand', async () => {
    const { user } = renderWithSession(<CategoryFormDialog open onOpenChange={() => {}} category={veg} count={4} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    const name = within(dialog).getByLabelText('Name');
    const slug = within(dialog).getByLabelText('Slug');
    expect(slug).toHaveValue('veg');
    expect(within(dialog).getByLabelText('Sort order')).toHaveValue(3);
    await user.type(name, ' Patch');
    expect(slug).toHaveValue('vegetables-patch');
    await user.clear(slug);
    await user.type(slug, 'my-patch');
    await user.type(name, 'es');
    expect(slug).toHaveValue('my-patch');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: 'PATCH',
      url: '/api/forum/categories/5',
      body: { id: 5, name: 'Vegetables Patches', slug: 'my-patch', sortOrder: 3, description: 'Beds and pots' },
    });
  });

  it('puts the server’s message on the slug field', async () => {
    server.use(
      http.post('*/api/forum/categories', () =>
        HttpResponse.json(
          { message: 'A category with this slug already exists', code: 'conflict', errors: { slug: 'A category with this slug already exists' } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithSession(<CategoryFormDialog open onOpenChange={() => {}} category={null} count={1} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    await user.type(within(dialog).getByLabelText('Name'), 'Herbs');
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await within(dialog).findByText('A category with this slug already exists')).toBeInTheDocument();
    expect(await screen.findByText('Failed to create category')).toBeInTheDocument();
  });
});
