import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/** pickerPopover: the open popover of a ServerPicker's combobox button. */
export async function pickerPopover(combobox: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const id = combobox.getAttribute('aria-controls');
    const popover = id ? document.getElementById(id) : null;
    if (!popover) throw new Error('the picker is not open');
    return popover;
  });
}

/**
 * pickOption opens a ServerPicker (a combobox button), searches the server for `search` when
 * given, and clicks the option named `name` — what user.selectOptions did for a native select.
 */
export async function pickOption(user: User, combobox: HTMLElement, name: string | RegExp, search?: string): Promise<void> {
  await user.click(combobox);
  const popover = await pickerPopover(combobox);
  if (search) await user.type(within(popover).getByRole('combobox'), search);
  await user.click(await within(popover).findByRole('option', { name }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

/** optionNames: the names of the options a picker's popover (or list) shows. */
export function optionNames(container: HTMLElement): string[] {
  return within(container)
    .queryAllByRole('option')
    .map((option) => option.getAttribute('aria-labelledby'))
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''));
}
