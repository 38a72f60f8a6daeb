import { Building, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import type { Site } from '@/api/types';
import { PickerList } from '@/components/server-picker/server-picker';
import { siteSource } from '@/components/server-picker/sources';
import { Dialog } from '@/components/ui/dialog';

const SITES = siteSource(true);

/**
 * SitePicker: a superadmin's searchable choice of site (spec 02 §2) — a button naming the
 * current site that opens a selector dialog with the sites searched on the server, a page at
 * a time, in a 300px scrolling list.
 */
export function SitePicker({
  loading,
  value,
  onChange,
}: {
  loading: boolean;
  value: Site | null;
  onChange: (site: Site) => void;
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
          <PickerList
            source={SITES}
            label="Sites"
            noun="sites"
            searchLabel="Search sites"
            searchPlaceholder="Name or city"
            emptyText="There are no sites yet."
            value={value?.id ?? null}
            autoFocus
            onSelect={(site) => {
              if (!site) return;
              onChange(site);
              setOpen(false);
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}
