import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import { ListStates, LoadMore } from './list-states';

function renderStates(props: Partial<Parameters<typeof ListStates>[0]> = {}) {
  return render(
    <ListStates
      query={{ isLoading: false, error: undefined }}
      isEmpty={false}
      loading={{ label: 'Loading sites…' }}
      errorTitle="Failed to load sites"
      empty={{ title: 'No sites yet', text: 'Add the first site.', action: <button type="button">Add Site</button> }}
      noResultsState={{ text: 'No site matches “x”.', onClear: vi.fn() }}
      {...props}
    >
      <ul aria-label="Sites">
        <li>Site A</li>
      </ul>
    </ListStates>,
  );
}

describe('ListStates', () => {
  it('shows the loading skeleton with its label', () => {
    renderStates({ query: { isLoading: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading sites…');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a custom skeleton', () => {
    renderStates({ query: { isLoading: true }, loading: { label: 'Loading…', skeleton: <p>grid</p> } });
    expect(screen.getByText('grid')).toBeInTheDocument();
  });

  it('shows the error with the server message and retries', async () => {
    const mutate = vi.fn();
    const error = new ApiError(500, 'x', JSON.stringify({ message: 'Database unavailable' }));
    renderStates({ query: { isLoading: false, error, mutate } });
    expect(screen.getByRole('heading', { name: 'Failed to load sites' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(mutate).toHaveBeenCalledTimes(1);
  });

  it('falls back to a generic sentence or the given one', () => {
    const { unmount } = renderStates({ query: { isLoading: false, error: new Error('boom') } });
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();
    unmount();
    renderStates({ query: { isLoading: false, error: new Error('boom') }, errorText: 'Something went wrong.' });
    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
  });

  it('shows the empty state with its action', () => {
    renderStates({ isEmpty: true, noResults: true });
    expect(screen.getByRole('heading', { name: 'No sites yet' })).toBeInTheDocument();
    expect(screen.getByText('Add the first site.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Site' })).toBeInTheDocument();
  });

  it('shows "No Results Found" for a search that leaves nothing, with a way back', async () => {
    const onClear = vi.fn();
    renderStates({ noResults: true, noResultsState: { text: 'No site matches “x”.', onClear, clearLabel: 'Clear Filters' } });
    expect(screen.getByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(screen.getByText('No site matches “x”.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('titles its states at the level asked for, with a compact "Try again"', async () => {
    const mutate = vi.fn();
    const { unmount } = renderStates({ query: { isLoading: false, error: new Error('x'), mutate }, titleAs: 'h3', retry: 'compact' });
    expect(screen.getByRole('heading', { name: 'Failed to load sites', level: 3 })).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry).toHaveClass('btn--sm');
    await userEvent.setup().click(retry);
    expect(mutate).toHaveBeenCalledTimes(1);
    unmount();
    renderStates({ isEmpty: true, titleAs: 'h3' });
    expect(screen.getByRole('heading', { name: 'No sites yet', level: 3 })).toBeInTheDocument();
  });

  it('words its states from the noun when no title is given', () => {
    const { unmount } = renderStates({ noun: 'harvest records', loading: {}, errorTitle: undefined, query: { isLoading: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading harvest records…');
    unmount();
    const second = renderStates({ noun: 'harvest records', errorTitle: undefined, query: { isLoading: false, error: new Error('x') } });
    expect(screen.getByRole('heading', { name: 'Failed to load harvest records' })).toBeInTheDocument();
    second.unmount();
    renderStates({ noun: 'harvest records', isEmpty: true, empty: {} });
    expect(screen.getByRole('heading', { name: 'No harvest records found' })).toBeInTheDocument();
  });

  it('renders the list and the load-more button when there is more', () => {
    renderStates({ pager: { hasMore: true, isLoadingMore: false, loadMore: vi.fn() } });
    expect(screen.getByRole('list', { name: 'Sites' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });
});

describe('LoadMore', () => {
  it('loads the next page, is busy while loading and gone on the last page', async () => {
    const loadMore = vi.fn();
    const { rerender } = render(<LoadMore pager={{ hasMore: true, isLoadingMore: false, loadMore }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(loadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMore pager={{ hasMore: true, isLoadingMore: true, loadMore }} />);
    expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled();
    rerender(<LoadMore pager={{ hasMore: false, isLoadingMore: false, loadMore }} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
