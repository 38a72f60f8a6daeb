import { Building, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import type { Site } from '@/api/types';
import { PickerList } from '@/components/server-picker/server-picker';
import { siteSource } from '@/components/server-picker/sources';
import { Dialog } from '@/components/ui/dialog';
import { useT } from '@/lib/i18n/provider';

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
  const t = useT();
  return (
    <>
      <button type="button" className="site-picker" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Building size={18} aria-hidden="true" className="site-picker__icon" />
        <span className="site-picker__text">
          <span className="site-picker__label">{t('admin.site')}</span>
          <span className="site-picker__value">{value ? value.name : loading ? t('shared.serverPicker.loadingSites') : t('admin.siteUsers.chooseSite')}</span>
        </span>
        <ChevronsUpDown size={18} aria-hidden="true" />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t('admin.siteUsers.chooseSiteTitle')} description={t('admin.siteUsers.chooseSiteText')}>
        {open ? (
          <PickerList
            source={SITES}
            label={t('nav.sites')}
            noun="sites"
            searchLabel={t('shared.serverPicker.searchSites')}
            searchPlaceholder={t('shared.serverPicker.searchSitesHint')}
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
