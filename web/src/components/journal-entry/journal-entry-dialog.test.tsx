import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderWithSession } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { todayKey } from '@/lib/dates';
import { JournalEntryDialog } from './journal-entry-dialog';
import { journalEntrySchema, type JournalFormValues } from '@/api/journal/journal-entry-schema';
import { messagesOf } from '@/testing/schema';

const validateJournalEntry = (values: JournalFormValues) => messagesOf(journalEntrySchema, values);

const posted = () => db.requests.filter((r) => r.method === 'POST' && r.path === '/api/journal-entries');

describe('validateJournalEntry', () => {
  const ok = { plantId: '1', title: 'Hi', content: '', imageUrl: '', growthStage: '', entryDate: '2026-11-21' };
  it('gives the messages of spec 01 §5', () => {
    expect(validateJournalEntry(ok)).toEqual({});
    expect(validateJournalEntry({ ...ok, plantId: '' }).plantId).toBe('Please select a plant');
    expect(validateJournalEntry({ ...ok, title: 'H' }).title).toBe('Title must be at least 2 characters');
    expect(validateJournalEntry({ ...ok, entryDate: 'soon' }).entryDate).toBe('Please enter a valid date');
    expect(validateJournalEntry({ ...ok, imageUrl: 'nope' }).imageUrl).toBe('Please enter a valid URL');
    expect(validateJournalEntry({ ...ok, growthStage: 'Teen' }).growthStage).toBe('Please select a growth stage');
  });
});

describe('journal entry dialog', () => {
  it('validates, defaults the date to today and attaches the user id', async () => {
    const account = signedInGardener({ id: 42 });
    db.plants = [makePlant({ id: 3, name: 'Basil' })];
    const onOpenChange = vi.fn();
    const { user } = renderWithSession(<JournalEntryDialog open onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Journal Entry' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue(todayKey());
    await user.type(within(dialog).getByLabelText('Title'), 'F');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await within(dialog).findByText('Please select a plant')).toBeInTheDocument();
    expect(within(dialog).getByText('Title must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid date')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);

    await within(within(dialog).getByLabelText('Plant')).findByRole('option', { name: 'Basil' });
    await user.selectOptions(within(dialog).getByLabelText('Plant'), '3');
    await user.type(within(dialog).getByLabelText('Title'), 'irst flowers');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-11-20' } });
    await user.selectOptions(within(dialog).getByLabelText('Growth stage'), 'Flowering');
    await user.type(within(dialog).getByLabelText('Notes'), 'Tiny white buds.');
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Journal entry added')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(posted()[0]!.body).toEqual({
      plantId: 3,
      userId: account.id,
      title: 'First flowers',
      content: 'Tiny white buds.',
      imageUrl: '',
      growthStage: 'Flowering',
      entryDate: '2026-11-20',
    });
  });

  it('hides the plant picker when the plant is preset', async () => {
    signedInGardener();
    const { user } = renderWithSession(<JournalEntryDialog open onOpenChange={() => {}} plantId={8} plantName="Mint" />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Journal Entry' });
    expect(within(dialog).queryByLabelText('Plant')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Record how Mint is growing.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Cut back');
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    await screen.findByText('Journal entry added');
    expect(posted()[0]!.body).toMatchObject({ plantId: 8, title: 'Cut back' });
  });

  it('toasts the failure', async () => {
    signedInGardener();
    server.use(http.post('*/api/journal-entries', () => HttpResponse.text('down', { status: 503 })));
    const { user } = renderWithSession(<JournalEntryDialog open onOpenChange={() => {}} plantId={8} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Journal Entry' });
    await user.type(within(dialog).getByLabelText('Title'), 'Cut back');
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('There was a problem adding your journal entry. Please try again.')).toBeInTheDocument();
  });
});
