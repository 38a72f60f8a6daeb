import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEntry, makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';

const titles = () =>
  within(screen.getByRole('list', { name: 'Journal entries' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('Growth Journal', () => {
  it('shows the title, subtitle and the empty state with Create First Entry', async () => {
    signedInGardener();
    const { user } = renderApp('/journal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Growth Journal' })).toBeInTheDocument();
    expect(screen.getByText("Document your plants' growth and progress")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No Journal Entries Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create First Entry' }));
    expect(await screen.findByRole('dialog', { name: 'Add Journal Entry' })).toBeInTheDocument();
  });

  it('lists entries newest first and filters by text, plant, stage and day; Clear resets', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Basil' }), makePlant({ id: 2, name: 'Tomato' })];
    db.entries = [
      makeEntry({ id: 1, plantId: 1, plantName: 'Basil', title: 'Seeds sown', entryDate: '2026-10-01', growthStage: 'Seedling' }),
      makeEntry({ id: 2, plantId: 2, plantName: 'Tomato', title: 'First truss', entryDate: '2026-11-10', growthStage: 'Flowering', content: 'Yellow flowers everywhere' }),
      makeEntry({ id: 3, plantId: 1, plantName: 'Basil', title: 'Pinched', entryDate: '2026-11-15', growthStage: '' }),
    ];
    const { user } = renderApp('/journal');
    await screen.findByRole('heading', { name: 'Pinched' });
    expect(titles()).toEqual(['Pinched', 'First truss', 'Seeds sown']);

    await user.type(screen.getByLabelText('Search'), 'yellow');
    expect(titles()).toEqual(['First truss']);
    await user.clear(screen.getByLabelText('Search'));

    const plant = screen.getByLabelText('Plant');
    expect(within(plant).getAllByRole('option').map((o) => o.textContent)).toEqual(['All Plants', 'Basil', 'Tomato']);
    await user.selectOptions(plant, 'Basil');
    expect(titles()).toEqual(['Pinched', 'Seeds sown']);

    const stage = screen.getByLabelText('Growth stage');
    expect(within(stage).getAllByRole('option')[0]).toHaveTextContent('All Stages');
    await user.selectOptions(stage, 'Seedling');
    expect(titles()).toEqual(['Seeds sown']);
    await user.selectOptions(stage, 'Flowering');
    expect(screen.getByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(titles()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Filter by date' }));
    expect(screen.getByRole('button', { name: 'Filter by date' })).toHaveTextContent('Filter by date');
    // Go to November 2026 in the calendar and pick the 10th.
    const dialog = await screen.findByRole('dialog');
    const target = 'November 10, 2026';
    for (let i = 0; i < 48 && !within(dialog).queryByRole('button', { name: target }); i++) {
      const goBack = new Date() > new Date(2026, 10, 10);
      await user.click(within(dialog).getByRole('button', { name: goBack ? 'Previous month' : 'Next month' }));
    }
    await user.click(within(dialog).getByRole('button', { name: target }));
    expect(titles()).toEqual(['First truss']);
    expect(screen.getByRole('button', { name: 'Filter by date: Nov 10, 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(titles()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Filter by date' })).toHaveTextContent('Filter by date');
  });

  it('hides the growth stage filter when no entry has a stage, and takes ?plant= from the URL', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Basil' }), makePlant({ id: 2, name: 'Tomato' })];
    db.entries = [
      makeEntry({ plantId: 1, plantName: 'Basil', title: 'A', growthStage: '' }),
      makeEntry({ plantId: 2, plantName: 'Tomato', title: 'B', growthStage: '' }),
    ];
    renderApp('/journal?plant=2');
    await screen.findByRole('heading', { name: 'B' });
    expect(screen.queryByLabelText('Growth stage')).not.toBeInTheDocument();
    expect(titles()).toEqual(['B']);
    expect(screen.getByLabelText('Plant')).toHaveValue('2');
  });

  it('adds an entry from the page', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Basil' })];
    db.entries = [makeEntry({ plantId: 1, title: 'Old one', entryDate: '2026-01-01' })];
    const { user } = renderApp('/journal');
    await user.click(await screen.findByRole('button', { name: 'Add Journal Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Journal Entry' });
    await within(within(dialog).getByLabelText('Plant')).findByRole('option', { name: 'Basil' });
    await user.selectOptions(within(dialog).getByLabelText('Plant'), '1');
    await user.type(within(dialog).getByLabelText('Title'), 'Brand new');
    await user.click(within(dialog).getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Journal entry added')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Brand new' })).toBeInTheDocument();
    expect(titles()[0]).toBe('Brand new');
  });
});
