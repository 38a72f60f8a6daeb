import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDbItem } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const admin = () => signedInGardener({ role: 'admin', username: 'ann' });
const lastBody = (method: string) => db.requests.filter((r) => r.method === method && r.path.startsWith('/api/plant-database')).at(-1)?.body;

describe('Add Plant (admin form)', () => {
  it('checks the common name before sending', async () => {
    admin();
    const { user } = renderApp('/admin/plants/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Plant' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Common name'), 'B');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    // The form validates on submit, which resolves after the click: wait for the message.
    expect(await screen.findByText('Common name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Common name')).toHaveFocus();
    expect(db.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText('Common name'), 'a');
    expect(screen.queryByText('Common name must be at least 2 characters')).not.toBeInTheDocument();
  });

  it('makes the slug from the name until the slug is edited', async () => {
    admin();
    const { user } = renderApp('/admin/plants/new');
    const name = await screen.findByLabelText('Common name');
    const slug = screen.getByLabelText('Slug');
    await user.type(name, "Sweet Basil 'Genovese'");
    expect(slug).toHaveValue('sweet-basil-genovese');
    await user.clear(slug);
    await user.type(slug, 'basil');
    await user.type(name, ' Mix');
    expect(slug).toHaveValue('basil');
    await user.clear(slug);
    await user.type(name, 'ed');
    expect(slug).toHaveValue('sweet-basil-genovese-mixed');
  });

  it('sends every field, care instructions as named parts, then goes back to the list with a toast', async () => {
    admin();
    const { user, router } = renderApp('/admin/plants/new');
    const fill = async (label: string, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await screen.findByLabelText('Common name');
    await fill('Common name', 'Lemon Thyme');
    await fill('Scientific name', 'Thymus citriodorus');
    await user.selectOptions(screen.getByLabelText('Plant type'), 'Herbs');
    expect(screen.getByText(/HTML is allowed \(for example/)).toBeInTheDocument();
    await fill('Description', '<p>Lemon scented</p>');
    await fill('…or paste an image URL', 'https://seeds.example/thyme.jpg');
    await fill('Alternative image URLs', 'https://seeds.example/thyme-1.jpg\nhttps://seeds.example/thyme-2.jpg');
    await fill('Light requirements', 'Full sun');
    await fill('Water requirements', 'Low');
    await fill('Fertilizer requirements', 'Monthly');
    await user.click(screen.getByRole('button', { name: 'Named parts' }));
    await fill('Watering', 'Let it dry out');
    await fill('Difficulty', 'Easy');
    await fill('Store URL', 'https://seeds.example/products/lemon-thyme');
    // Sowing: indoors 8 to 6 weeks before the last frost, first the ends the wrong way round.
    const indoors = screen.getByRole('group', { name: 'Sow indoors' });
    await user.selectOptions(within(indoors).getByLabelText('When'), 'weeks');
    await user.type(within(indoors).getByLabelText('From'), '-6');
    await user.type(within(indoors).getByLabelText('To'), '-8');
    await fill('Days to harvest, from', '60');
    await fill('Days to harvest, to', '80');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await within(indoors).findByText('Weeks must be between -26 and 26, the first no later than the second')).toBeInTheDocument();
    await user.clear(within(indoors).getByLabelText('From'));
    await user.type(within(indoors).getByLabelText('From'), '-8');
    await user.clear(within(indoors).getByLabelText('To'));
    await user.type(within(indoors).getByLabelText('To'), '-6');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByText('Plant database item created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/plant-database'));
    expect(router.state.location.search).toBe('?tab=list');
    expect(lastBody('POST')).toEqual({
      commonName: 'Lemon Thyme',
      scientificName: 'Thymus citriodorus',
      plantType: 'Herbs',
      description: '<p>Lemon scented</p>',
      imageUrl: 'https://seeds.example/thyme.jpg',
      alternativeImageUrls: ['https://seeds.example/thyme-1.jpg', 'https://seeds.example/thyme-2.jpg'],
      lightRequirements: 'Full sun',
      waterRequirements: 'Low',
      fertilizerRequirements: 'Monthly',
      careInstructions: { watering: 'Let it dry out', difficulty: 'Easy' },
      storeUrl: 'https://seeds.example/products/lemon-thyme',
      slug: 'lemon-thyme',
      sowing: {
        sowIndoors: { unit: 'weeks', from: -8, to: -6 },
        directSow: null,
        transplant: null,
        harvestDaysMin: 60,
        harvestDaysMax: 80,
      },
    });
    expect(await screen.findByRole('link', { name: 'Edit Lemon Thyme' })).toBeInTheDocument();
  });

  it('the list shows the new plant when the admin comes back to it at once', async () => {
    admin();
    db.database = [makeDbItem({ id: 1, commonName: 'Basil' })];
    const { user } = renderApp('/admin/plant-database?tab=list');
    await screen.findByRole('link', { name: 'Edit Basil' });
    await user.click(screen.getAllByRole('link', { name: 'Add Plant' })[0]!);
    await user.click(await screen.findByLabelText('Common name'));
    await user.paste('Dill');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByRole('link', { name: 'Edit Dill' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Basil' })).toBeInTheDocument();
  });

  it('shows the server field errors under the fields and a 409 on top', async () => {
    admin();
    server.use(
      http.post('*/api/plant-database', () =>
        HttpResponse.json(
          {
            message: 'Another plant in the database has this store URL or slug',
            code: 'conflict',
            errors: { storeUrl: 'Another plant in the database has this store URL or slug' },
          },
          { status: 409 },
        ),
      ),
    );
    const { user, router } = renderApp('/admin/plants/new');
    await user.type(await screen.findByLabelText('Common name'), 'Basil');
    await user.type(screen.getByLabelText('Store URL'), 'https://seeds.example/basil');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Already in the plant database');
    expect(alert).toHaveTextContent('Another plant in the database has this store URL or slug');
    expect(screen.getByLabelText('Store URL')).toHaveAccessibleDescription(
      'Another plant in the database has this store URL or slug',
    );
    expect(router.state.location.pathname).toBe('/admin/plants/new');
  });

  it('shows a 400 field error from the server under its field', async () => {
    admin();
    server.use(
      http.post('*/api/plant-database', () =>
        HttpResponse.json(
          { message: 'Invalid input', code: 'invalid', errors: { imageUrl: 'Please enter a valid URL' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/admin/plants/new');
    await user.type(await screen.findByLabelText('Common name'), 'Basil');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid input');
  });
});

describe('Edit Plant (admin form)', () => {
  it('fills the form from the item, shows the source read-only and saves with PATCH', async () => {
    admin();
    db.database = [
      makeDbItem({
        id: 12,
        commonName: 'Chives',
        scientificName: 'Allium schoenoprasum',
        plantType: 'Herbs',
        slug: 'chives-pp',
        source: 'import',
        fertilizerRequirements: 'Monthly',
        careInstructions: '<p>Sow in clumps</p>',
        alternativeImageUrls: ['https://seeds.example/chives-1.jpg'],
      }),
    ];
    const { user, router } = renderApp('/admin/plants/12');
    const name = await screen.findByLabelText('Common name');
    expect(name).toHaveValue('Chives');
    expect(screen.getByLabelText('Scientific name')).toHaveValue('Allium schoenoprasum');
    expect(screen.getByLabelText('Slug')).toHaveValue('chives-pp');
    expect(screen.getByLabelText('Fertilizer requirements')).toHaveValue('Monthly');
    expect(screen.getByLabelText('Care instructions')).toHaveValue('<p>Sow in clumps</p>');
    expect(screen.getByLabelText('Alternative image URLs')).toHaveValue('https://seeds.example/chives-1.jpg');
    expect(screen.getByText('Source').parentElement).toHaveTextContent('Imported');
    await user.type(name, ' (Garden)');
    expect(screen.getByLabelText('Slug')).toHaveValue('chives-pp');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Plant database item updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=list'));
    expect(lastBody('PATCH')).toMatchObject({ commonName: 'Chives (Garden)', slug: 'chives-pp', careInstructions: '<p>Sow in clumps</p>' });
    expect(lastBody('PATCH')).not.toHaveProperty('source');
    const row = (await screen.findByRole('link', { name: 'Chives (Garden)' })).closest('tr')!;
    expect(within(row).getByText('Imported')).toBeInTheDocument();
  });

  it('opens care instructions given as parts in the parts mode', async () => {
    admin();
    db.database = [makeDbItem({ id: 13, commonName: 'Sage', careInstructions: { soil: 'Free-draining' } })];
    renderApp('/admin/plants/13');
    expect(await screen.findByLabelText('Soil')).toHaveValue('Free-draining');
    expect(screen.getByRole('button', { name: 'Named parts' })).toHaveAttribute('aria-pressed', 'true');
  });

  it.each(['/admin/plants/999', '/admin/plants/abc'])('shows "Plant Not Found" at %s', async (path) => {
    admin();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Plant Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to the plant list' })).toBeInTheDocument());
  });
});
