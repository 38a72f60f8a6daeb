import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Site } from '@/api/types';
import { AppProvider } from '@/app/provider';
import { db } from '@/testing/mock-api';
import { optionNames, pickerPopover } from '@/testing/picker';
import { http, HttpResponse, server } from '@/testing/server';
import { PickerList, ServerPicker } from './server-picker';
import { siteSource } from './sources';
import { makeSite } from '@/testing/fixtures';

const SITES = siteSource(true);

/** n sites named "Site 001"… (by name as the server orders them), in the mock server. */
function seedSites(n: number): Site[] {
  db.sites = Array.from({ length: n }, (_, i) =>
    makeSite({
    id: i + 1,
    name: `Site ${String(i + 1).padStart(3, '0')}`,
    status: 'active',
    userLimit: 0,
    plantLimit: 0,
    city: i === 41 ? 'Leeds' : 'York',
    }),
  );
  return db.sites;
}

const sitesAsked = () => db.requests.filter((r) => r.method === 'GET' && r.path === '/api/admin/sites');

function Picker({ initial = null, noneLabel }: { initial?: number | null; noneLabel?: string }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <label htmlFor="site">Site</label>
      <ServerPicker
        id="site"
        source={SITES}
        value={value}
        onChange={(site) => setValue(site?.id ?? null)}
        label="Sites"
        noun="sites"
        searchLabel="Search sites"
        placeholder="Select a site"
        noneLabel={noneLabel}
        fallbackLabel={(id) => `Site #${id}`}
      />
      <output aria-label="Value">{value ?? 'none'}</output>
    </>
  );
}

function renderPicker(ui = <Picker />) {
  const user = userEvent.setup();
  render(<AppProvider swrCache={() => new Map()}>{ui}</AppProvider>);
  return { user, combobox: screen.getByRole('combobox', { name: 'Site' }) };
}

describe('ServerPicker', () => {
  it('reads nothing until opened, then shows the first page and loads the next with "Load more"', async () => {
    seedSites(60);
    const { user, combobox } = renderPicker();
    expect(combobox).toHaveTextContent('Select a site');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(sitesAsked()).toHaveLength(0);

    await user.click(combobox);
    const popover = await pickerPopover(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(optionNames(popover)).toHaveLength(50));
    expect(optionNames(popover)[0]).toBe('Site 001');
    expect(sitesAsked()).toHaveLength(1);
    // The search box has the focus: typing goes straight to it.
    expect(within(popover).getByRole('combobox', { name: 'Search sites' })).toHaveFocus();

    await user.click(within(popover).getByRole('button', { name: 'Load more sites' }));
    await waitFor(() => expect(optionNames(popover)).toHaveLength(60));
    expect(sitesAsked()[1]!.search).toBe('?cursor=50');
    expect(within(popover).queryByRole('button', { name: 'Load more sites' })).not.toBeInTheDocument();
  });

  it('searches on the server once typing pauses, keeping the rows meanwhile, and says when nothing matches', async () => {
    seedSites(60);
    const { user, combobox } = renderPicker();
    await user.click(combobox);
    const popover = await pickerPopover(combobox);
    await waitFor(() => expect(optionNames(popover)).toHaveLength(50));
    const search = within(popover).getByRole('combobox', { name: 'Search sites' });
    await user.type(search, 'leeds');
    // One request for the whole word, not one per key.
    await waitFor(() => expect(optionNames(popover)).toEqual(['Site 042']));
    expect(sitesAsked().map((r) => r.search)).toEqual(['', '?q=leeds']);

    await user.clear(search);
    await user.type(search, 'nowhere');
    expect(await within(popover).findByText('No sites match “nowhere”.')).toBeInTheDocument();
  });

  it('picks with the keyboard: arrows move, Enter picks, walking past the last row loads the next page', async () => {
    seedSites(52);
    const { user, combobox } = renderPicker();
    combobox.focus();
    await user.keyboard('{ArrowDown}');
    const popover = await pickerPopover(combobox);
    const search = within(popover).getByRole('combobox', { name: 'Search sites' });
    await waitFor(() => expect(optionNames(popover)).toHaveLength(50));

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(popover).getAllByRole('option')[1]!;
    expect(search).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowUp}');
    expect(search).toHaveAttribute('aria-activedescendant', within(popover).getAllByRole('option')[0]!.id);

    await user.keyboard('{PageDown}'.repeat(10));
    await waitFor(() => expect(optionNames(popover)).toHaveLength(52));
    await user.keyboard('{PageDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('52');
    expect(combobox).toHaveTextContent('Site 052');
    expect(combobox).toHaveFocus();

    // Escape closes without picking.
    await user.keyboard('{ArrowDown}');
    await pickerPopover(combobox);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('52');
  });

  it('names a value that is not on a loaded page through ?ids=, and marks it when shown', async () => {
    seedSites(60);
    const { user, combobox } = renderPicker(<Picker initial={57} />);
    await waitFor(() => expect(combobox).toHaveTextContent('Site 057'));
    expect(sitesAsked().map((r) => r.search)).toEqual(['?ids=57']);

    await user.click(combobox);
    const popover = await pickerPopover(combobox);
    await waitFor(() => expect(optionNames(popover)).toHaveLength(50));
    expect(within(popover).queryByRole('option', { selected: true })).not.toBeInTheDocument();
    await user.click(within(popover).getByRole('button', { name: 'Load more sites' }));
    expect(await within(popover).findByRole('option', { name: 'Site 057', selected: true })).toBeInTheDocument();
  });

  it('shows the fallback name while the lookup finds nothing, and offers "none" first', async () => {
    seedSites(3);
    const { user, combobox } = renderPicker(<Picker initial={99} noneLabel="No site" />);
    await waitFor(() => expect(sitesAsked()).toHaveLength(1));
    expect(combobox).toHaveTextContent('Site #99');
    await user.click(combobox);
    const popover = await pickerPopover(combobox);
    await waitFor(() => expect(optionNames(popover)).toEqual(['No site', 'Site 001', 'Site 002', 'Site 003']));
    await user.click(within(popover).getByRole('option', { name: 'No site' }));
    expect(combobox).toHaveTextContent('No site');
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('none');
  });

  it('shows the loading, empty and error states in the list, and retries', async () => {
    let fail = true;
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/admin/sites', async () => {
        await held;
        return fail ? HttpResponse.json({ message: 'Database unavailable', code: 'internal' }, { status: 500 }) : HttpResponse.json([]);
      }),
    );
    const { user, combobox } = renderPicker();
    await user.click(combobox);
    const popover = await pickerPopover(combobox);
    expect(within(popover).getByRole('status')).toHaveTextContent('Loading sites…');
    answer();
    expect(await within(popover).findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(within(popover).getByRole('button', { name: 'Try again' }));
    expect(await within(popover).findByText('There are no sites yet.')).toBeInTheDocument();
  });
});

describe('PickerList', () => {
  it('is a 300px selector list that loads the next page when scrolled to its end', async () => {
    seedSites(60);
    const picked: (Site | null)[] = [];
    render(
      <AppProvider swrCache={() => new Map()}>
        <PickerList source={SITES} label="Sites" noun="sites" searchLabel="Search sites" value={3} onSelect={(s) => picked.push(s)} />
      </AppProvider>,
    );
    const list = await screen.findByRole('listbox', { name: 'Sites' });
    const scroller = list.parentElement!;
    expect(scroller).toHaveStyle({ height: '300px' });
    expect(within(list).getByRole('option', { name: 'Site 003' })).toHaveAttribute('aria-selected', 'true');
    expect(within(list).getByRole('option', { name: 'Site 003' })).toHaveAccessibleDescription('York · 0 users');

    Object.defineProperties(scroller, {
      scrollHeight: { configurable: true, value: 2400 },
      clientHeight: { configurable: true, value: 300 },
      scrollTop: { configurable: true, value: 2100 },
    });
    scroller.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(60));

    const user = userEvent.setup();
    await user.click(within(list).getByRole('option', { name: 'Site 060' }));
    expect(picked.map((s) => s?.id)).toEqual([60]);
  });
});
