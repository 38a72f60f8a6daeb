import { ChevronLeft, ChevronRight, CloudOff, Download, ExternalLink, PackageX, RefreshCw, Store, Trash } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import type { RemoteFailure, RemotePlant } from '@/api/types';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { DEFAULT_PLANT_TYPE } from '@/lib/care';
import { isHttpUrl } from '@/lib/urls';
import { useClearImportedPlants } from '../api/clear-imported-plants';
import { useClearPlantDatabase } from '../api/clear-plant-database';
import { useRemotePlants } from '../api/get-remote-plants';
import { ImportProgress } from './import-progress';
import { ImportResultsPanel } from './import-results';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageSlice } from './pagination';
import type { ImportRunner } from './use-import-runner';

/** The browser confirmations of spec 01 §5, word for word. */
export const CLEAR_ALL_CONFIRM = 'Are you sure you want to clear ALL plants from the database? This action cannot be undone.';
export const CLEAR_IMPORTED_CONFIRM =
  'Are you sure you want to clear only IMPORTED plants from the database? Manually added plants will be preserved.';

/** Height of the remote plants table's scrolling box (spec 01 §9). */
export const REMOTE_TABLE_HEIGHT = 400;

type Clearing = 'all' | 'imported' | null;

function RemotePlantsTable({ plants }: { plants: RemotePlant[] }) {
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const slice = pageSlice(plants, page, pageSize);
  return (
    <>
      <Table maxHeight={REMOTE_TABLE_HEIGHT} label="Remote plants" aria-label="Remote plants">
        <thead>
          <tr>
            <th scope="col">Common Name</th>
            <th scope="col">Scientific Name</th>
            <th scope="col">Type</th>
            <th scope="col">Store</th>
          </tr>
        </thead>
        <tbody>
          {slice.items.map((plant, index) => (
            <tr key={`${plant.storeUrl ?? plant.name}-${index}`}>
              <td className="admin-table__name">{plant.commonName || plant.name}</td>
              <td className="admin-table__latin">{plant.scientificName || <span className="table__muted">—</span>}</td>
              <td>{plant.plantType || DEFAULT_PLANT_TYPE}</td>
              <td>
                {plant.storeUrl && isHttpUrl(plant.storeUrl) ? (
                  <a href={plant.storeUrl} target="_blank" rel="noopener noreferrer" className="admin-table__link">
                    View in store
                    <ExternalLink size={14} aria-hidden="true" />
                  </a>
                ) : (
                  <span className="table__muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <div className="pager">
        <div className="pager__size">
          <SelectField
            label="Rows per page"
            value={String(pageSize)}
            onChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(1);
            }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size.value} value={size.value}>
                {size.label}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="pager__status" aria-live="polite">
          {slice.from}–{slice.to} of {plants.length} · Page {slice.page} of {slice.pages}
        </p>
        <div className="pager__buttons">
          <Button
            variant="outline"
            size="sm"
            icon={<ChevronLeft size={16} aria-hidden="true" />}
            disabled={slice.page <= 1}
            onClick={() => setPage(slice.page - 1)}
          >
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={slice.page >= slice.pages} onClick={() => setPage(slice.page + 1)}>
            Next
            <ChevronRight size={16} aria-hidden="true" />
          </Button>
        </div>
      </div>
    </>
  );
}

function FailuresList({ failures }: { failures: RemoteFailure[] }) {
  return (
    <Card aria-labelledby="remote-failures-title">
      <CardHeader
        icon={<PackageX size={18} />}
        title={<span id="remote-failures-title">Products That Could Not Be Read</span>}
        description={`${failures.length} ${failures.length === 1 ? 'product' : 'products'} of the store will not be imported.`}
      />
      <CardBody>
        <ul className="import-details" aria-label="Store failures">
          {failures.map((failure, index) => (
            <li key={`${failure.name}-${index}`} className="import-detail">
              <span className="import-detail__name">{failure.name}</span>
              <Badge tone="red">Failed</Badge>
              <span className="import-detail__message">{failure.message}</span>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

/**
 * EcommerceTab (Ecommerce Import): the store's "(PP)" plants read live, the import with
 * its progress bar and results, and the two clear actions behind browser confirmations.
 */
export function EcommerceTab({ importer, enabled }: { importer: ImportRunner; enabled: boolean }) {
  const remote = useRemotePlants(enabled);
  const clearAll = useClearPlantDatabase();
  const clearImported = useClearImportedPlants();
  const { toast } = useToast();
  const [clearing, setClearing] = useState<Clearing>(null);
  const plants = remote.data?.data ?? [];
  const failures = remote.data?.failures ?? [];
  const busy = importer.running || clearing !== null;
  const canImport = !remote.isLoading && !importer.running && clearing === null && plants.length > 0;

  const clear = async (which: 'all' | 'imported') => {
    if (!window.confirm(which === 'all' ? CLEAR_ALL_CONFIRM : CLEAR_IMPORTED_CONFIRM)) return;
    setClearing(which);
    try {
      const result = which === 'all' ? await clearAll.trigger() : await clearImported.trigger();
      const deleted = result?.deleted ?? 0;
      importer.clearResults();
      toast(
        which === 'all'
          ? {
              title: 'Database Cleared',
              description: `${deleted} ${deleted === 1 ? 'plant was' : 'plants were'} removed from the plant database.`,
              variant: 'success',
            }
          : {
              title: 'Imported Plants Cleared',
              description: `${deleted} imported ${deleted === 1 ? 'plant was' : 'plants were'} removed; manually added plants were kept.`,
              variant: 'success',
            },
      );
    } catch (error) {
      toast({
        title: 'Clear Failed',
        description: getErrorMessage(error, 'The plant database could not be cleared. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setClearing(null);
    }
  };

  let list;
  if (remote.isLoading) {
    list = (
      <LoadingRegion label="Reading the seed store…" className="admin-skeleton">
        <p className="muted">Reading the seed store’s catalogue…</p>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </LoadingRegion>
    );
  } else if (remote.error && getFieldErrors(remote.error).catalogueUrl) {
    // No store at all: trying again cannot help, configuring one does (issue 27).
    list = (
      <Alert variant="warning" title="No seed store is configured">
        <p>
          Garden imports from the seed store whose address is in <code>GARDEN_CATALOGUE_URL</code>. Set it in the
          server’s environment or configuration file (for example <code>GARDEN_CATALOGUE_URL=https://seeds.example.com</code>
          ; <code>GARDEN_CATALOGUE_SHAPE</code> says how the store publishes its catalogue when it is not detected:{' '}
          <code>shopify</code>, <code>woocommerce</code> or <code>html</code>), then restart <code>gardenctl serve</code>.
        </p>
      </Alert>
    );
  } else if (remote.error) {
    list = (
      <Alert variant="destructive" title="Could not read the seed store">
        <p>{getErrorMessage(remote.error, 'The seed store did not answer.')}</p>
        <Button
          variant="outline"
          size="sm"
          className="admin-alert__action"
          icon={<RefreshCw size={16} aria-hidden="true" />}
          onClick={() => void remote.mutate()}
        >
          Try again
        </Button>
      </Alert>
    );
  } else if (plants.length === 0) {
    list = (
      <EmptyState compact icon={<CloudOff size={22} />} title="No plants found">
        Please check your connection settings
      </EmptyState>
    );
  } else {
    list = <RemotePlantsTable plants={plants} />;
  }

  return (
    <div className="admin-stack">
      <Card aria-labelledby="ecommerce-import-title">
        <CardHeader
          icon={<Store size={18} />}
          title={<span id="ecommerce-import-title">Ecommerce Import</span>}
          description="Import the seed store’s plants (products marked “(PP)”) into the plant database. New plants are added, imported ones updated; plants added by hand are never changed."
        />
        <CardBody>
          <div className="admin-actions">
            <Button
              icon={<Download size={18} aria-hidden="true" />}
              loading={importer.running}
              disabled={!canImport}
              onClick={() => void importer.run()}
            >
              {importer.running ? 'Importing...' : 'Run Import'}
            </Button>
            <Button
              variant="outline"
              icon={<Trash size={18} aria-hidden="true" />}
              loading={clearing === 'imported'}
              disabled={busy}
              onClick={() => void clear('imported')}
            >
              {clearing === 'imported' ? 'Clearing...' : 'Clear Imported Plants'}
            </Button>
            <Button
              variant="danger"
              icon={<Trash size={18} aria-hidden="true" />}
              loading={clearing === 'all'}
              disabled={busy}
              onClick={() => void clear('all')}
            >
              {clearing === 'all' ? 'Clearing...' : 'Clear All Plants'}
            </Button>
          </div>
          {importer.running ? <ImportProgress status={importer.status} /> : null}
          {importer.results ? <ImportResultsPanel results={importer.results} /> : null}
        </CardBody>
      </Card>

      <Card aria-labelledby="remote-plants-title">
        <CardHeader
          icon={<Store size={18} />}
          title={<span id="remote-plants-title">Plants in the Store</span>}
          description={
            remote.data
              ? `${plants.length} ${plants.length === 1 ? 'plant' : 'plants'} offered by the seed store`
              : 'Read live from the seed store; nothing is saved until you import.'
          }
          actions={
            <Button
              variant="ghost"
              size="sm"
              icon={<RefreshCw size={16} aria-hidden="true" />}
              disabled={remote.isValidating}
              onClick={() => void remote.mutate()}
            >
              Reload
            </Button>
          }
        />
        <CardBody>{list}</CardBody>
      </Card>

      {failures.length > 0 ? <FailuresList failures={failures} /> : null}
    </div>
  );
}
