import { Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { usePlantDatabaseSearch } from '@/api/plant-database/get-plant-database';
import { usePlants } from '@/api/plants/get-plants';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { Segmented } from '@/components/ui/segmented';
import { useT } from '@/lib/i18n/provider';
import { useDebounced } from '@/lib/use-debounced';
import type { Planting } from '../api/types';

type Source = 'mine' | 'database';

/**
 * PlantingPicker adds a planting to a bed: one of the gardener's own plants or a plant
 * database item, found by name, with a count.
 */
export function PlantingPicker({ onAdd }: { onAdd: (p: Planting) => void }) {
  const t = useT();
  const [source, setSource] = useState<Source>('mine');
  const [search, setSearch] = useState('');
  const [count, setCount] = useState('1');
  const plants = usePlants();
  // The database is searched on the server, a page of 50 at a time.
  const q = useDebounced(search.trim(), 250);
  const items = usePlantDatabaseSearch({ q, limit: 50 }, source === 'database');
  const options = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const list =
      source === 'mine'
        ? (plants.data ?? []).map((p) => ({ id: p.id, name: p.name, hint: p.species || p.location || '' }))
        : (items.data ?? []).map((p) => ({ id: p.id, name: p.commonName, hint: p.scientificName || '' }));
    return list.filter((o) => !needle || o.name.toLowerCase().includes(needle) || o.hint.toLowerCase().includes(needle)).slice(0, 50);
  }, [source, search, plants.data, items.data]);
  const loading = source === 'mine' ? plants.isLoading : items.isLoading;
  const n = Math.max(1, Math.min(10000, Math.round(Number(count)) || 1));
  return (
    <div className="pl-picker">
      <Segmented
        label={t('planning.picker.addFrom')}
        value={source}
        onChange={(v) => setSource(v as Source)}
        options={[
          { value: 'mine', label: t('planning.picker.mine') },
          { value: 'database', label: t('planning.picker.database') },
        ]}
      />
      <div className="pl-picker__row">
        <Field label={t('planning.picker.find')} type="search" icon={<Search size={16} />} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Field label={t('planning.picker.count')} type="number" min={1} max={10000} value={count} onChange={(e) => setCount(e.target.value)} className="pl-picker__count" />
      </div>
      <ul className="pl-picker__list" aria-label={source === 'mine' ? t('planning.picker.mine') : t('planning.picker.database')}>
        {loading ? <li className="pl-muted">{t('planning.picker.loading')}</li> : null}
        {!loading && options.length === 0 ? (
          <li className="pl-muted">{source === 'mine' ? t('planning.picker.noneMine') : t('planning.picker.noneDatabase')}</li>
        ) : null}
        {options.map((o) => (
          <li key={o.id}>
            <Button
              variant="ghost"
              size="sm"
              icon={<Plus size={14} aria-hidden="true" />}
              onClick={() =>
                onAdd({
                  plantId: source === 'mine' ? o.id : null,
                  plantDatabaseId: source === 'database' ? o.id : null,
                  name: o.name,
                  count: n,
                  x: null,
                  y: null,
                })
              }
            >
              {/* The name is the visible text after a hidden "Add" (no aria-label that leaves the
                  hint out: WCAG 2.5.3); name and hint wrap instead of being clipped. */}
              <span className="pl-picker__text">
                <span className="visually-hidden">{t('planning.picker.add')}</span>{' '}
                <span className="pl-picker__name">{o.name}</span>
                {o.hint ? <span className="pl-muted pl-picker__hint"> {o.hint}</span> : null}
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
