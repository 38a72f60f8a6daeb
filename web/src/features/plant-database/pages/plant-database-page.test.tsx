import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { localDateKey } from '@/api/plants/plant-schema';
import { toDateKey, todayKey } from '@/lib/dates';
import { makeDbItem, makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Plant database' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

const card = (name: string) => screen.getByRole('article', { name });

/** Confirms the one-click add's small dialog with its dates (today). */
async function addInDialog(user: UserEvent, name: string) {
  const dialog = await screen.findByRole('dialog', { name: `Add ${name} to My Plants` });
  await user.click(within(dialog).getByRole('button', { name: 'Add to My Plants' }));
}

function seed() {
  db.database = [
    makeDbItem({
      id: 1,
      commonName: 'Basil',
      scientificName: 'Ocimum basilicum',
      plantType: 'Herbs',
      lightRequirements: 'Full sun',
      waterRequirements: 'Moderate',
    }),
    makeDbItem({ id: 2, commonName: 'Carrot', scientificName: 'Daucus carota', plantType: 'Vegetables', waterRequirements: 'Low' }),
    makeDbItem({ id: 3, commonName: 'Strawberry', plantType: 'Fruits', waterRequirements: 'Keep moist' }),
    makeDbItem({ id: 4, commonName: 'Sunflower', plantType: 'Flowers' }),
    makeDbItem({ id: 5, commonName: 'Mystery Seed', plantType: '', lightRequirements: '', waterRequirements: '' }),
  ];
}

describe('Plant Database page', () => {
  it('shows a card per species: names, type (default Herbs), light and water, Details and Add to My Plants', async () => {
    signedInGardener();
    seed();
    renderApp('/plant-database');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plant Database' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Basil' });
    expect(document.title).toBe('Plant Database · Garden');
    const basil = card('Basil');
    expect(within(basil).getByText('Ocimum basilicum')).toBeInTheDocument();
    expect(within(basil).getByText('Herbs')).toBeInTheDocument();
    expect(within(basil).getByText('Full sun')).toBeInTheDocument();
    expect(within(basil).getByText('Moderate')).toBeInTheDocument();
    expect(within(basil).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/plant-database/1');
    expect(within(basil).getByRole('button', { name: 'Add to My Plants' })).toBeEnabled();
    const mystery = card('Mystery Seed');
    expect(within(mystery).getByText('Herbs')).toBeInTheDocument();
    expect(within(mystery).getAllByText('Not specified')).toHaveLength(2);
    // One page from the server, by name, no more than the page shows.
    const reads = db.requests.filter((r) => r.path === '/api/plant-database');
    expect(reads.map((r) => r.search)).toEqual(['?limit=24']);
    expect(cardNames()).toEqual(['Basil', 'Carrot', 'Mystery Seed', 'Strawberry', 'Sunflower']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('reads one page at a time and loads more on request', async () => {
    signedInGardener();
    db.database = Array.from({ length: 30 }, (_, i) =>
      makeDbItem({ id: i + 1, commonName: `Plant ${String(i + 1).padStart(2, '0')}`, plantType: 'Herbs' }),
    );
    const { user } = renderApp('/plant-database');
    await screen.findByRole('article', { name: 'Plant 01' });
    expect(cardNames()).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Plant 30' });
    expect(cardNames()).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const reads = db.requests.filter((r) => r.path === '/api/plant-database').map((r) => r.search);
    expect(reads).toEqual(['?limit=24', '?limit=24&cursor=24']);
  });

  it('files a Monstera under Houseplants and an agave under Succulents & Cacti (issue 27)', async () => {
    signedInGardener();
    seed();
    db.database.push(
      makeDbItem({ id: 6, commonName: 'Monstera', plantType: 'Houseplants' }),
      makeDbItem({ id: 7, commonName: 'Agave', plantType: 'Succulents & Cacti' }),
    );
    const { user, router } = renderApp('/plant-database?category=houseplants');
    await screen.findByRole('article', { name: 'Monstera' });
    expect(cardNames()).toEqual(['Monstera']);
    expect(db.requests.filter((r) => r.path === '/api/plant-database').at(-1)?.search).toContain('type=Houseplants');
    const tabs = screen.getByRole('tablist', { name: 'Plant category' });
    await user.click(within(tabs).getByRole('tab', { name: 'Succulents & Cacti' }));
    expect(router.state.location.search).toBe('?category=succulents-cacti');
    await screen.findByRole('article', { name: 'Agave' });
    expect(cardNames()).toEqual(['Agave']);
  });

  it('presets the tab from ?category=, keeps the chosen tab in the URL and drops it for All Plants', async () => {
    signedInGardener();
    seed();
    const { user, router } = renderApp('/plant-database?category=vegetables');
    await screen.findByRole('article', { name: 'Carrot' });
    const tabs = screen.getByRole('tablist', { name: 'Plant category' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All Plants',
      'Herbs',
      'Vegetables',
      'Fruits',
      'Flowers',
      'Houseplants',
      'Succulents & Cacti',
      'Trees & Shrubs',
      'Other',
    ]);
    expect(within(tabs).getByRole('tab', { name: 'Vegetables' })).toHaveAttribute('aria-selected', 'true');
    expect(cardNames()).toEqual(['Carrot']);
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Vegetables');

    await user.click(within(tabs).getByRole('tab', { name: 'Herbs' }));
    expect(router.state.location.search).toBe('?category=herbs');
    expect(cardNames()).toEqual(['Basil', 'Mystery Seed']);

    await user.click(within(tabs).getByRole('tab', { name: 'Flowers' }));
    expect(router.state.location.search).toBe('?category=flowers');
    expect(cardNames()).toEqual(['Sunflower']);

    await user.click(within(tabs).getByRole('tab', { name: 'All Plants' }));
    expect(router.state.location.search).toBe('');
    expect(cardNames()).toHaveLength(5);

    // The dropdown that replaces the tabs on small screens changes the same parameter.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plant category' }), 'Fruits');
    expect(router.state.location.search).toBe('?category=fruits');
    expect(within(tabs).getByRole('tab', { name: 'Fruits' })).toHaveAttribute('aria-selected', 'true');
    expect(cardNames()).toEqual(['Strawberry']);
  });

  it('moves between tabs with the arrow keys', async () => {
    signedInGardener();
    seed();
    const { user, router } = renderApp('/plant-database?category=FRUITS');
    await screen.findByRole('article', { name: 'Strawberry' });
    const fruits = screen.getByRole('tab', { name: 'Fruits' });
    expect(fruits).toHaveAttribute('aria-selected', 'true');
    fruits.focus();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?category=flowers');
    expect(screen.getByRole('tab', { name: 'Flowers' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(router.state.location.search).toBe('');
  });

  it('an unknown category shows All Plants', async () => {
    signedInGardener();
    seed();
    renderApp('/plant-database?category=trees');
    await screen.findByRole('article', { name: 'Basil' });
    expect(screen.getByRole('tab', { name: 'All Plants' })).toHaveAttribute('aria-selected', 'true');
    expect(cardNames()).toHaveLength(5);
  });

  it('searches by common or scientific name within the tab, with a way back to everything', async () => {
    signedInGardener();
    seed();
    const { user, router } = renderApp('/plant-database?category=herbs');
    await screen.findByRole('article', { name: 'Basil' });
    await user.type(screen.getByLabelText('Search the plant database'), 'ocimum');
    await waitFor(() => expect(cardNames()).toEqual(['Basil']));
    // The server searches and filters: the page asks with the tab's type and the words.
    expect(db.requests.some((r) => r.path === '/api/plant-database' && r.search === '?q=ocimum&type=Herbs&limit=24')).toBe(true);
    await user.clear(screen.getByLabelText('Search the plant database'));
    await user.type(screen.getByLabelText('Search the plant database'), 'carrot');
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(screen.getByText('No plants in Herbs match “carrot”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all plants' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(cardNames()).toHaveLength(5));
  });

  it('says the plant was added with a link to edit it, and asks before adding a species already in My Plants', async () => {
    signedInGardener();
    seed();
    db.plants = [makePlant({ id: 40, name: 'My basil', species: 'Ocimum basilicum' })];
    const { user } = renderApp('/plant-database');
    const carrot = await screen.findByRole('article', { name: 'Carrot' });
    await user.click(within(carrot).getByRole('button', { name: 'Add to My Plants' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Carrot to My Plants' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to My Plants' }));
    const edit = await within(carrot).findByRole('link', { name: 'Edit Carrot' });
    expect(edit.getAttribute('href')).toMatch(/^\/plants\/\d+\?edit=1$/);
    expect(within(carrot).getByText(/Added to My Plants/)).toBeInTheDocument();

    const basil = card('Basil');
    expect(await within(basil).findByRole('link', { name: 'My basil' })).toHaveAttribute('href', '/plants/40');
    const before = db.plants.length;
    await user.click(within(basil).getByRole('button', { name: 'Add to My Plants' }));
    const ask = await screen.findByRole('dialog', { name: 'Add another Basil?' });
    expect(within(ask).getByText('Basil is already in My Plants')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(db.plants).toHaveLength(before);
    await user.click(within(basil).getByRole('button', { name: 'Add to My Plants' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add Another' }));
    await waitFor(() => expect(db.plants).toHaveLength(before + 1));
  }, 30_000);

  it('adds a plant with the 14/7/4-day watering rule, fertilizer every 30 days and the item id', async () => {
    signedInGardener();
    seed();
    const { user } = renderApp('/plant-database');
    await screen.findByRole('article', { name: 'Carrot' });
    await user.click(within(card('Carrot')).getByRole('button', { name: 'Add to My Plants' }));
    await addInDialog(user, 'Carrot');
    expect(await screen.findByText('Plant added')).toBeInTheDocument();
    expect(screen.getByText('Carrot is now in your garden.')).toBeInTheDocument();
    await user.click(within(card('Strawberry')).getByRole('button', { name: 'Add to My Plants' }));
    // Strawberry was last watered four days ago (picked in the calendar).
    const dialog = await screen.findByRole('dialog', { name: 'Add Strawberry to My Plants' });
    await user.click(within(dialog).getByRole('button', { name: /^Last watered/ }));
    const fourDaysAgo = addDays(new Date(), -4);
    if (fourDaysAgo.getMonth() !== new Date().getMonth()) await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: format(fourDaysAgo, 'MMMM d, yyyy') }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to My Plants' }));
    await waitFor(() => expect(db.plants).toHaveLength(2));
    const bodies = db.requests.filter((r) => r.method === 'POST' && r.path === '/api/plants').map((r) => r.body) as Record<string, unknown>[];
    expect(localDateKey(bodies[0]!.lastWatered as string)).toBe(todayKey());
    expect(localDateKey(bodies[0]!.lastFertilized as string)).toBe(todayKey());
    expect(localDateKey(bodies[1]!.lastWatered as string)).toBe(toDateKey(fourDaysAgo));
    expect(localDateKey(bodies[1]!.lastFertilized as string)).toBe(todayKey());
    expect(bodies).toEqual([
      {
        name: 'Carrot',
        species: 'Daucus carota',
        plantType: 'Vegetables',
        imageUrl: '',
        lightNeeds: '',
        waterFrequency: 14,
        fertilizerFrequency: 30,
        notes: '',
        plantDatabaseId: 2,
        lastWatered: expect.any(String),
        lastFertilized: expect.any(String),
      },
      {
        name: 'Strawberry',
        species: '',
        plantType: 'Fruits',
        imageUrl: '',
        lightNeeds: '',
        waterFrequency: 4,
        fertilizerFrequency: 30,
        notes: '',
        plantDatabaseId: 3,
        lastWatered: expect.any(String),
        lastFertilized: expect.any(String),
      },
    ]);
  });

  it('a refused plant (403 Plant limit reached) shows the limit toast and refreshes the limit', async () => {
    signedInGardener();
    seed();
    const { user } = renderApp('/plant-database');
    await screen.findByRole('article', { name: 'Basil' });
    db.limit = { limit: 3, currentCount: 3, canAddPlant: false };
    await user.click(within(card('Basil')).getByRole('button', { name: 'Add to My Plants' }));
    await addInDialog(user, 'Basil');
    expect(await screen.findByText('Plant Limit Reached')).toBeInTheDocument();
    expect(
      screen.getByText('You have reached your plant limit (3 plants). Please remove plants or contact your site administrator.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(card('Basil')).getByRole('button', { name: 'Plant limit reached' })).toBeDisabled());
  });

  it('other failures show the plant database error toast', async () => {
    signedInGardener();
    seed();
    server.use(http.post('*/api/plants', () => HttpResponse.text('boom', { status: 500 })));
    const { user } = renderApp('/plant-database');
    await screen.findByRole('article', { name: 'Basil' });
    await user.click(within(card('Basil')).getByRole('button', { name: 'Add to My Plants' }));
    await addInDialog(user, 'Basil');
    expect(await screen.findByText('There was a problem adding this plant to your collection.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('says when the database is empty, and how an admin can fill it', async () => {
    signedInGardener({ role: 'admin' });
    renderApp('/plant-database');
    expect(await screen.findByRole('heading', { name: 'The plant database is empty' })).toBeInTheDocument();
    expect(screen.getByText(/An administrator can import them from the seed store/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import from the seed store' })).toHaveAttribute(
      'href',
      '/admin/plant-database?tab=ecommerce',
    );
  });

  it('shows the load error with a retry', async () => {
    signedInGardener();
    let calls = 0;
    server.use(
      http.get('*/api/plant-database', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.text('down', { status: 500 }) : HttpResponse.json([makeDbItem({ commonName: 'Basil' })]);
      }),
    );
    const { user } = renderApp('/plant-database');
    expect(await screen.findByRole('heading', { name: 'Failed to load plant database items' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Basil' })).toBeInTheDocument();
  });

  it('shows loading skeletons first', async () => {
    signedInGardener();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/plant-database', async () => {
        await gate;
        return HttpResponse.json([makeDbItem({ commonName: 'Basil' })]);
      }),
    );
    renderApp('/plant-database');
    expect(await screen.findByText('Loading the plant database…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('article', { name: 'Basil' })).toBeInTheDocument();
  });
});
