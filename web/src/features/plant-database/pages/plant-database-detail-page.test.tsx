import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDbItem } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';

describe('Plant Database detail page', () => {
  it('shows the image, type, Purchase Seeds, HTML description and the growing requirements', async () => {
    signedInGardener();
    db.database = [
      makeDbItem({
        id: 7,
        commonName: 'Sweet Basil',
        scientificName: 'Ocimum basilicum',
        plantType: 'Herbs',
        imageUrl: 'https://seeds.example/basil.jpg',
        description: '<p>A <strong>reliable</strong> herb.</p><ul><li>Sun: Full sun</li></ul>',
        waterRequirements: 'Keep moist',
        lightRequirements: 'Full sun',
        fertilizerRequirements: '',
        fertilizorRequirements: 'Every two weeks',
        careInstructions: 'Sow indoors from March.\nSpacing: 30 cm',
        storeUrl: 'https://seeds.example/products/basil',
      }),
    ];
    renderApp('/plant-database/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sweet Basil' })).toBeInTheDocument();
    expect(document.title).toBe('Sweet Basil · Garden');
    expect(screen.getByText('Ocimum basilicum')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sweet Basil' })).toHaveAttribute('src', 'https://seeds.example/basil.jpg');
    expect(screen.getByText('Herbs')).toBeInTheDocument();
    const seeds = screen.getByRole('link', { name: 'Purchase Seeds' });
    expect(seeds).toHaveAttribute('href', 'https://seeds.example/products/basil');
    expect(seeds).toHaveAttribute('target', '_blank');
    expect(seeds.getAttribute('rel')).toContain('noopener');
    const about = screen.getByRole('region', { name: 'About this plant' });
    expect(within(about).getByText('reliable').tagName).toBe('STRONG');
    expect(within(about).getByRole('listitem')).toHaveTextContent('Sun: Full sun');
    const needs = screen.getByRole('region', { name: 'Growing Requirements' });
    expect(within(needs).getByText('Keep moist')).toBeInTheDocument();
    expect(within(needs).getByText('Full sun')).toBeInTheDocument();
    expect(within(needs).getByText('Every two weeks')).toBeInTheDocument();
    const care = screen.getByRole('region', { name: 'Care Instructions' });
    expect(care).toHaveTextContent('Sow indoors from March. Spacing: 30 cm');
    expect(screen.getByRole('button', { name: 'Add to My Plants' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to Plant Database' })).toHaveAttribute('href', '/plant-database');
  });

  it('shows care instructions given as parts with their labels, and Not specified for missing needs', async () => {
    signedInGardener();
    db.database = [
      makeDbItem({
        id: 8,
        commonName: 'Tomato',
        plantType: '',
        careInstructions: { watering: 'Water at the base', soil: '<em>Rich</em> and free-draining', difficulty: 'Easy' },
        storeUrl: '',
      }),
    ];
    renderApp('/plant-database/8');
    await screen.findByRole('heading', { level: 1, name: 'Tomato' });
    expect(screen.getByText('Herbs')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Purchase Seeds' })).not.toBeInTheDocument();
    const care = screen.getByRole('region', { name: 'Care Instructions' });
    const terms = within(care)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Watering', 'Soil', 'Difficulty']);
    expect(within(care).getByText('Rich').tagName).toBe('EM');
    expect(within(screen.getByRole('region', { name: 'Growing Requirements' })).getAllByText('Not specified')).toHaveLength(3);
    expect(screen.getByText('No description yet.')).toBeInTheDocument();
  });

  it('adds the plant to My Plants', async () => {
    signedInGardener();
    db.database = [makeDbItem({ id: 9, commonName: 'Lavender', plantType: 'Flowers', waterRequirements: 'Low' })];
    const { user } = renderApp('/plant-database/9');
    await user.click(await screen.findByRole('button', { name: 'Add to My Plants' }));
    // A small dialog asks when it was last watered and fertilized, today by default.
    const dialog = await screen.findByRole('dialog', { name: 'Add Lavender to My Plants' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to My Plants' }));
    expect(await screen.findByText('Plant added')).toBeInTheDocument();
    expect(db.plants[0]).toMatchObject({ name: 'Lavender', plantType: 'Flowers', waterFrequency: 14, plantDatabaseId: 9 });
    expect(db.plants[0]!.lastWatered).toEqual(expect.any(String));
    expect(await screen.findByRole('link', { name: 'Edit Lavender' })).toHaveAttribute('href', expect.stringMatching(/\?edit=1$/));
  });

  it('goes back to the tab the visitor came from', async () => {
    signedInGardener();
    db.database = [makeDbItem({ id: 3, commonName: 'Carrot', plantType: 'Vegetables' })];
    const { user, router } = renderApp('/plant-database?category=vegetables');
    await user.click(await screen.findByRole('link', { name: 'Details' }));
    await screen.findByRole('heading', { level: 1, name: 'Carrot' });
    await user.click(screen.getByRole('link', { name: 'Back to Plant Database' }));
    expect(router.state.location.pathname).toBe('/plant-database');
    expect(router.state.location.search).toBe('?category=vegetables');
  });

  it('shows "Plant Not Found" for an unknown id', async () => {
    signedInGardener();
    renderApp('/plant-database/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plant Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Plant Database' })).toHaveAttribute('href', '/plant-database');
  });

  it('shows "Plant Not Found" for a non-numeric id without asking the server', async () => {
    signedInGardener();
    renderApp('/plant-database/basil');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plant Not Found' })).toBeInTheDocument();
    expect(db.requests.some((r) => r.path.startsWith('/api/plant-database/'))).toBe(false);
  });
});
