import { Building, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { Site } from '@/api/types';
import { SelectorList } from '@/components/selector-list/selector-list';
import { Dialog } from '@/components/ui/dialog';

/**
 * SitePicker: a superadmin's searchable choice of site (spec 02 §2) — a button naming the
 * current site that opens a selector dialog with a 300px scrolling list.
 */
export function SitePicker({
  sites,
  loading,
  error,
  value,
  onChange,
}: {
  sites: Site[];
  loading: boolean;
  error: unknown;
  value: Site | null;
  onChange: (siteId: number) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="site-picker" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Building size={18} aria-hidden="true" className="site-picker__icon" />
        <span className="site-picker__text">
          <span className="site-picker__label">Site</span>
          <span className="site-picker__value">{value ? value.name : loading ? 'Loading sites…' : 'Choose a site'}</span>
        </span>
        <ChevronsUpDown size={18} aria-hidden="true" />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Choose a Site" description="Manage the users of another site.">
        {open ? (
          <SelectorList
            label="Sites"
            searchLabel="Search sites"
            searchPlaceholder="Name or city"
            loading={loading}
            error={error ? getErrorMessage(error, 'Failed to load sites') : undefined}
            emptyText="There are no sites yet."
            selectedId={value?.id ?? null}
            onSelect={(id) => {
              onChange(id);
              setOpen(false);
            }}
            items={sites.map((site) => ({
              id: site.id,
              label: site.name,
              detail: [site.city, `${site.userCount ?? 0} ${site.userCount === 1 ? 'user' : 'users'}`].filter(Boolean).join(' · '),
            }))}
          />
        ) : null}
      </Dialog>
    </>
  );
}
