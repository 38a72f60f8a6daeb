import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { todayKey } from '@/lib/dates';
import { makeDbItem, makeEntry, makePlant, makeTask } from '@/testing/fixtures';
import { instantFromNow } from '@/testing/clock';
import { db, emptySummary } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

describe('dashboard', () => {
  it('shows due care in the week strip with Water Now, one request', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Basil', nextWatering: instantFromNow(-1), nextFertilizing: null })];
    const { user } = renderApp('/');
    // The chip is a placeholder until the menu's code arrives (components/ui/deferred): wait for
    // the real menu trigger, so the click does not land on a chip that is being swapped out.
    const week = await screen.findByRole('region', { name: 'Schedule' });
    const due = await within(week).findByRole('button', { name: 'Water Basil, overdue: actions', expanded: false });
    await user.click(due);
    await user.click(await screen.findByRole('menuitem', { name: 'Water Now' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    const sent = db.requests.filter((r) => r.method === 'POST' && r.path === '/api/plants/water');
    expect(sent.map((r) => r.body)).toEqual([{ plantIds: [1] }]);
    expect(db.requests.some((r) => r.method === 'POST' && r.path === '/api/care-tasks')).toBe(false);
  }, 30_000);

  it('shows the sections in order with the summary, plants, week, journal, statistics and highlights', async () => {
    signedInGardener();
    db.plants = [1, 2, 3, 4, 5].map((i) => makePlant({ id: i, name: `Plant ${i}` }));
    db.entries = [
      makeEntry({ title: 'Oldest', entryDate: '2026-01-01' }),
      makeEntry({ title: 'Newest', entryDate: '2026-11-20' }),
      makeEntry({ title: 'Middle', entryDate: '2026-06-01' }),
    ];
    db.tasks = [makeTask({ plantName: 'Plant 1', taskType: 'prune', scheduledDate: todayKey() })];
    db.database = [1, 2, 3, 4].map((i) =>
      makeDbItem({ id: 50 + i, commonName: `Herb ${i}`, description: `<p>${'Lovely '.repeat(20)}</p>` }),
    );
    const summary = emptySummary(todayKey());
    summary.reminders = {
      watering: [{ plantId: 1, name: 'Plant 1', dueDate: todayKey() }, { plantId: 2, name: 'Plant 2', dueDate: todayKey() }],
      fertilizing: [],
      repotting: 3,
      overdue: 0,
    };
    summary.stats.thisMonth = { counts: { water: 8, fertilize: 2, prune: 4, repot: 0 }, topPlants: [{ plantId: 1, name: 'Plant 1', count: 6 }, { plantId: 2, name: 'Plant 2', count: 3 }] };
    summary.stats.lastMonth = { counts: { water: 1, fertilize: 0, prune: 0, repot: 0 }, topPlants: [] };
    db.summary = summary;
    const { user } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Garden Dashboard' })).toBeInTheDocument();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    // The weather card and the four sections below the fold arrive after the first page
    // (lazy), each when its own chunk does: wait for every one of them before the order.
    for (const name of ['Weather at Your Garden', 'Schedule', 'Growth Journey', 'Care Statistics', 'Plant Database Highlights']) {
      await screen.findByRole('heading', { level: 2, name });
    }
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Today',
      "Today's Plant Care",
      'Weather at Your Garden',
      'Your Plants',
      'Schedule',
      'Sow Now',
      'Growth Journey',
      'Care Statistics',
      'Plant Database Highlights',
    ]);
    expect(headings.length).toBeGreaterThan(0);
    expect(db.requests.find((r) => r.path === '/api/dashboard/summary')!.search).toBe(`?today=${todayKey()}`);

    const care = screen.getByRole('region', { name: "Today's Plant Care" });
    expect(await within(care).findByText('Watering Needed')).toBeInTheDocument();
    expect(within(care).getByRole('link', { name: 'Plant 2' })).toHaveAttribute('href', '/plants/2');

    const plants = screen.getByRole('region', { name: 'Your Plants' });
    // The plants are drawn as a transition (useDrawnAsTransition): they follow their answer.
    expect(await within(plants).findAllByRole('listitem')).toHaveLength(4);
    expect(within(plants).getByRole('link', { name: /View All/ })).toHaveAttribute('href', '/plants');

    const week = screen.getByRole('region', { name: 'Schedule' });
    const days = within(week).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[0]!.getAttribute('aria-label')).toMatch(/^Monday/);
    expect(within(week).getByText(/^Week \d+$/)).toBeInTheDocument();
    expect(await within(week).findByText('Plant 1')).toBeInTheDocument();
    await user.click(within(week).getByRole('button', { name: 'Month' }));
    expect(within(week).getAllByRole('listitem')).toHaveLength(7);
    await user.click(within(week).getByRole('button', { name: 'Next week' }));
    expect(within(week).queryByText('Plant 1')).not.toBeInTheDocument();

    const journey = screen.getByRole('region', { name: 'Growth Journey' });
    expect(within(journey).getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Newest',
      'Middle',
    ]);

    const stats = screen.getByRole('region', { name: 'Care Statistics' });
    const rows = within(within(stats).getByRole('list', { name: 'Completed tasks by type' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Water8', 'Fertilize2', 'Prune4', 'Repot0']);
    expect((rows[0]!.querySelector('.stats__fill') as HTMLElement).style.width).toBe('100%');
    expect((rows[2]!.querySelector('.stats__fill') as HTMLElement).style.width).toBe('50%');
    expect(within(stats).getByRole('link', { name: 'Plant 1' })).toBeInTheDocument();
    await user.click(within(stats).getByRole('button', { name: 'Last Month' }));
    expect(rows.length).toBe(4);
    expect(within(stats).getByText('No completed tasks in this period.')).toBeInTheDocument();

    const highlights = screen.getByRole('region', { name: 'Plant Database Highlights' });
    const links = within(highlights).getAllByRole('listitem');
    expect(links).toHaveLength(3);
    expect(within(links[0]!).getByRole('link')).toHaveAttribute('href', '/plant-database/51');
    expect(within(highlights).getByRole('link', { name: /Browse Database/ })).toHaveAttribute('href', '/plant-database');
    const description = links[0]!.querySelector('.highlight__description')!.textContent!;
    expect(description).toBe(`${'Lovely '.repeat(20).slice(0, 80).trimEnd()}…`);
  });

  it('shows the empty states and hides the highlights when the database is empty or failing', async () => {
    signedInGardener();
    server.use(http.get('*/api/plant-database', () => HttpResponse.text('down', { status: 500 })));
    const { user } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Add Your First Plant' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create First Entry' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Plant Database Highlights' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Your First Plant' }));
    expect(await screen.findByRole('dialog', { name: 'Add New Plant' })).toBeInTheDocument();
  });

  it('asks for the sections below the fold only when they come near the window (a phone’s first load)', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Basil' })];
    // The browser's observer, moved by hand: nothing is near until the test says so.
    const observed: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets: Element[] = [];
        constructor(callback: IntersectionObserverCallback) {
          observed.push({ callback, targets: this.targets });
        }
        observe(el: Element) {
          this.targets.push(el);
        }
        disconnect() {}
      },
    );
    try {
      renderApp('/');
      await screen.findByRole('region', { name: "Today's Plant Care" });
      await screen.findByRole('heading', { level: 2, name: 'Weather at Your Garden' });
      const below = ['/api/plants', '/api/journal-entries', '/api/plant-database', '/api/care-due', '/api/sowing'];
      const asked = () => db.requests.filter((r) => r.method === 'GET' && below.some((p) => r.path === p || r.path.startsWith(`${p}/`) || r.path.startsWith(`${p}?`))).map((r) => r.path);
      expect(asked()).toEqual([]);
      expect(screen.queryByRole('region', { name: 'Your Plants' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Growth Journey' })).not.toBeInTheDocument();

      // The gardener scrolls: every placeholder comes near.
      act(() => observed.forEach((o) => o.callback(o.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), {} as IntersectionObserver)));
      expect(await screen.findByRole('region', { name: 'Your Plants' })).toBeInTheDocument();
      for (const name of ['Schedule', 'Sow Now', 'Growth Journey', 'Care Statistics']) {
        await screen.findByRole('heading', { level: 2, name });
      }
      expect(new Set(asked().map((p) => p.split('?')[0]))).toEqual(new Set(['/api/plants', '/api/journal-entries', '/api/plant-database', '/api/care-due', '/api/sowing']));
    } finally {
      vi.unstubAllGlobals();
    }
  }, 30_000);
});
