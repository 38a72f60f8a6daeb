import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { instantFromNow } from '@/testing/clock';
import { makeEntry } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderWithSession } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { JournalEntryCard } from './journal-entry-card';

describe('journal entry card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the whole content up to 200 characters, without Read More', () => {
    renderWithSession(<JournalEntryCard entry={makeEntry({ content: 'a'.repeat(200) })} />);
    expect(screen.getByText('a'.repeat(200))).not.toHaveClass('journal-card__content--clamped');
    expect(screen.queryByRole('button', { name: 'Read More' })).not.toBeInTheDocument();
  });

  it('clamps content over 200 characters to 3 lines with Read More / Show Less', async () => {
    const content = 'b'.repeat(201);
    const { user } = renderWithSession(<JournalEntryCard entry={makeEntry({ content })} />);
    const text = screen.getByText(content);
    expect(text).toHaveClass('journal-card__content--clamped');
    const more = screen.getByRole('button', { name: 'Read More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(text).not.toHaveClass('journal-card__content--clamped');
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(text).toHaveClass('journal-card__content--clamped');
  });

  it('shows the date as "MMMM d, yyyy", the stage badge and "No content for this entry"', () => {
    renderWithSession(
      <JournalEntryCard entry={makeEntry({ title: 'Flowers!', entryDate: '2026-11-05', growthStage: 'Flowering', content: '' })} />,
    );
    expect(screen.getByRole('heading', { name: 'Flowers!' })).toBeInTheDocument();
    expect(screen.getByText('November 5, 2026')).toBeInTheDocument();
    expect(screen.getByText('Flowering')).toBeInTheDocument();
    expect(screen.getByText('No content for this entry')).toBeInTheDocument();
  });

  it('deletes after confirmation and toasts "Entry deleted"', async () => {
    const entry = makeEntry({ id: 77, title: 'Repotted' });
    db.entries = [entry];
    const { user } = renderWithSession(<JournalEntryCard entry={entry} />);
    await user.click(screen.getByRole('button', { name: 'Delete Repotted' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this journal entry?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Entry' }));
    expect(await screen.findByText('Entry deleted')).toBeInTheDocument();
    expect(db.requests.some((r) => r.method === 'DELETE' && r.path === '/api/journal-entries/77')).toBe(true);
  });

  it('edits the entry in the form it was written with, and marks it "(edited)"', async () => {
    const entry = makeEntry({ id: 78, title: 'Repotted', content: 'Into a 20 cm pot', growthStage: 'Young' });
    db.entries = [entry];
    const { user } = renderWithSession(<JournalEntryCard entry={entry} />);
    expect(screen.queryByText('(edited)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Repotted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Journal Entry' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Repotted');
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('Into a 20 cm pot');
    expect(within(dialog).getByRole('combobox', { name: 'Growth stage' })).toHaveValue('Young');

    await user.clear(title);
    await user.type(title, 'R');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Title must be at least 2 characters')).toBeInTheDocument();
    expect(db.requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.type(title, 'epotted into terracotta');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Journal entry updated')).toBeInTheDocument();
    const patch = db.requests.find((r) => r.method === 'PATCH' && r.path === '/api/journal-entries/78');
    expect(patch?.body).toMatchObject({ title: 'Repotted into terracotta', content: 'Into a 20 cm pot', growthStage: 'Young', plantId: 1 });
  });

  it('shows "(edited)" with the time of the edit', () => {
    renderWithSession(<JournalEntryCard entry={makeEntry({ title: 'Sprouted', edited: true, editedAt: instantFromNow(0, '11:00') })} />);
    expect(screen.getByText('(edited)')).toHaveAttribute('title', expect.stringMatching(/^Edited /));
  });

  it('toasts the delete failure', async () => {
    server.use(http.delete('*/api/journal-entries/:id', () => HttpResponse.text('boom', { status: 500 })));
    const { user } = renderWithSession(<JournalEntryCard entry={makeEntry({ title: 'Repotted' })} />);
    await user.click(screen.getByRole('button', { name: 'Delete Repotted' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Entry' }));
    expect(await screen.findByText('Could not delete the journal entry. Please try again.')).toBeInTheDocument();
  });

  it('copies the link with "Link copied!" and reports missing native sharing', async () => {
    expect('share' in navigator).toBe(false); // jsdom has no native sharing
    const { user } = renderWithSession(<JournalEntryCard entry={makeEntry({ id: 9, title: 'Sprouted' })} />);
    await user.click(screen.getByRole('button', { name: 'Share Sprouted' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied!')).toBeInTheDocument();
    // user-event stands in for the clipboard
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/journal#entry-9');

    await user.click(screen.getByRole('button', { name: 'Share Sprouted' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share…' }));
    expect(await screen.findByText('Sharing not supported')).toBeInTheDocument();
  });

  it('reports a failed native share but not a cancelled one', async () => {
    const share = vi
      .fn()
      .mockRejectedValueOnce(new DOMException('cancelled', 'AbortError'))
      .mockRejectedValueOnce(new Error('nope'));
    vi.stubGlobal('navigator', { ...navigator, share });
    const { user } = renderWithSession(<JournalEntryCard entry={makeEntry({ title: 'Sprouted' })} />);
    await user.click(screen.getByRole('button', { name: 'Share Sprouted' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share…' }));
    expect(share).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Sharing failed')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Share Sprouted' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share…' }));
    expect(await screen.findByText('Sharing failed')).toBeInTheDocument();
  });

  it('links to the social networks and e-mail', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderWithSession(<JournalEntryCard entry={makeEntry({ id: 4, title: 'Sprouted', plantName: 'Basil' })} />);
    await user.click(screen.getByRole('button', { name: 'Share Sprouted' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Facebook' }));
    expect(open).toHaveBeenCalledWith(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent('http://localhost:3000/journal#entry-4')}`,
      '_blank',
      'noopener,noreferrer',
    );
  });
});
