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
import { t as translate, type MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { isHttpUrl } from '@/lib/urls';
import { useClearImportedPlants } from '../api/clear-imported-plants';
import { useClearPlantDatabase } from '../api/clear-plant-database';
import { useRemotePlants } from '../api/get-remote-plants';
import { ImportProgress } from './import-progress';
import { codeParts, typeLabel } from './labels';
import { ImportResultsPanel } from './import-results';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageSlice } from './pagination';
import type { ImportRunner } from './use-import-runner';

/** The browser confirmations of spec 01 §5, word for word in English. */
export const CLEAR_ALL_CONFIRM: MessageKey = 'plantdb.admin.clearAllConfirm';
export const CLEAR_IMPORTED_CONFIRM: MessageKey = 'plantdb.admin.clearImportedConfirm';

/** Height of the remote plants table's scrolling box (spec 01 §9). */
export const REMOTE_TABLE_HEIGHT = 400;

type Clearing = 'all' | 'imported' | null;

function RemotePlantsTable({ plants }: { plants: RemotePlant[] }) {
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const slice = pageSlice(plants, page, pageSize);
  const t = useT();
  return (
    <>
      <Table maxHeight={REMOTE_TABLE_HEIGHT} label={t('plantdb.admin.remote.label')} aria-label={t('plantdb.admin.remote.label')}>
        <thead>
          <tr>
            <th scope="col">{t('plantdb.admin.col.commonName')}</th>
            <th scope="col">{t('plantdb.admin.col.scientificName')}</th>
            <th scope="col">{t('plantdb.admin.col.type')}</th>
            <th scope="col">{t('plantdb.admin.col.store')}</th>
          </tr>
        </thead>
        <tbody>
          {slice.items.map((plant, index) => (
            <tr key={`${plant.storeUrl ?? plant.name}-${index}`}>
              <td className="admin-table__name">{plant.commonName || plant.name}</td>
              <td className="admin-table__latin">{plant.scientificName || <span className="table__muted">—</span>}</td>
              <td>{typeLabel(plant.plantType || DEFAULT_PLANT_TYPE)}</td>
              <td>
                {plant.storeUrl && isHttpUrl(plant.storeUrl) ? (
                  <a href={plant.storeUrl} target="_blank" rel="noopener noreferrer" className="admin-table__link">
                    {t('plantdb.admin.remote.view')}
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
            label={t('plantdb.admin.remote.rows')}
            value={String(pageSize)}
            onChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(1);
            }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size.value} value={size.value}>
                {size.value === 1000 ? t('plantdb.admin.remote.all') : size.label}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="pager__status" aria-live="polite">
          {t('plantdb.admin.remote.status', { from: slice.from, to: slice.to, total: plants.length, page: slice.page, pages: slice.pages })}
        </p>
        <div className="pager__buttons">
          <Button
            variant="outline"
            size="sm"
            icon={<ChevronLeft size={16} aria-hidden="true" />}
            disabled={slice.page <= 1}
            onClick={() => setPage(slice.page - 1)}
          >
            {t('plantdb.sowing.previous')}
          </Button>
          <Button variant="outline" size="sm" disabled={slice.page >= slice.pages} onClick={() => setPage(slice.page + 1)}>
            {t('plantdb.sowing.next')}
            <ChevronRight size={16} aria-hidden="true" />
          </Button>
        </div>
      </div>
    </>
  );
}

function FailuresList({ failures }: { failures: RemoteFailure[] }) {
  const t = useT();
  return (
    <Card aria-labelledby="remote-failures-title">
      <CardHeader
        icon={<PackageX size={18} />}
        title={<span id="remote-failures-title">{t('plantdb.admin.failures.title')}</span>}
        description={t('plantdb.admin.failures.text', { count: failures.length })}
      />
      <CardBody>
        <ul className="import-details" aria-label={t('plantdb.admin.failures.label')}>
          {failures.map((failure, index) => (
            <li key={`${failure.name}-${index}`} className="import-detail">
              <span className="import-detail__name">{failure.name}</span>
              <Badge tone="red">{t('plantdb.admin.status.failed')}</Badge>
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
  const t = useT();
  const [clearing, setClearing] = useState<Clearing>(null);
  const plants = remote.data?.data ?? [];
  const failures = remote.data?.failures ?? [];
  const busy = importer.running || clearing !== null;
  const canImport = !remote.isLoading && !importer.running && clearing === null && plants.length > 0;

  const clear = async (which: 'all' | 'imported') => {
    if (!window.confirm(translate(which === 'all' ? CLEAR_ALL_CONFIRM : CLEAR_IMPORTED_CONFIRM))) return;
    setClearing(which);
    try {
      const result = which === 'all' ? await clearAll.trigger() : await clearImported.trigger();
      const deleted = result?.deleted ?? 0;
      importer.clearResults();
      toast(
        which === 'all'
          ? {
              title: t('plantdb.admin.cleared'),
              description: t('plantdb.admin.clearedText', { count: deleted }),
              variant: 'success',
            }
          : {
              title: t('plantdb.admin.importedCleared'),
              description: t('plantdb.admin.importedClearedText', { count: deleted }),
              variant: 'success',
            },
      );
    } catch (error) {
      toast({
        title: t('plantdb.admin.clearFailed'),
        description: getErrorMessage(error, t('plantdb.admin.clearFailedText')),
        variant: 'destructive',
      });
    } finally {
      setClearing(null);
    }
  };

  let list;
  if (remote.isLoading) {
    list = (
      <LoadingRegion label={t('plantdb.admin.remote.reading')} className="admin-skeleton">
        <p className="muted">{t('plantdb.admin.remote.readingCatalogue')}</p>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </LoadingRegion>
    );
  } else if (remote.error && getFieldErrors(remote.error).catalogueUrl) {
    // No store at all: trying again cannot help, configuring one does (issue 27).
    list = (
      <Alert variant="warning" title={t('plantdb.admin.noStore')}>
        <p>
          {codeParts(t('plantdb.admin.noStoreText')).map((part, i) => (part.code ? <code key={i}>{part.text}</code> : part.text))}
        </p>
      </Alert>
    );
  } else if (remote.error) {
    list = (
      <Alert variant="destructive" title={t('plantdb.admin.remote.failed')}>
        <p>{getErrorMessage(remote.error, t('plantdb.admin.remote.noAnswer'))}</p>
        <Button
          variant="outline"
          size="sm"
          className="admin-alert__action"
          icon={<RefreshCw size={16} aria-hidden="true" />}
          onClick={() => void remote.mutate()}
        >
          {t('common.tryAgain')}
        </Button>
      </Alert>
    );
  } else if (plants.length === 0) {
    list = (
      <EmptyState compact icon={<CloudOff size={22} />} title={t('plantdb.admin.remote.none')}>
        {t('plantdb.admin.remote.noneText')}
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
          title={<span id="ecommerce-import-title">{t('plantdb.admin.tab.ecommerce')}</span>}
          description={t('plantdb.admin.ecommerce.description')}
        />
        <CardBody>
          <div className="admin-actions">
            <Button
              icon={<Download size={18} aria-hidden="true" />}
              loading={importer.running}
              disabled={!canImport}
              onClick={() => void importer.run()}
            >
              {importer.running ? t('plantdb.admin.importing') : t('plantdb.admin.runImport')}
            </Button>
            <Button
              variant="outline"
              icon={<Trash size={18} aria-hidden="true" />}
              loading={clearing === 'imported'}
              disabled={busy}
              onClick={() => void clear('imported')}
            >
              {clearing === 'imported' ? t('plantdb.admin.clearing') : t('plantdb.admin.clearImported')}
            </Button>
            <Button
              variant="danger"
              icon={<Trash size={18} aria-hidden="true" />}
              loading={clearing === 'all'}
              disabled={busy}
              onClick={() => void clear('all')}
            >
              {clearing === 'all' ? t('plantdb.admin.clearing') : t('plantdb.admin.clearAll')}
            </Button>
          </div>
          {importer.running ? <ImportProgress status={importer.status} /> : null}
          {importer.results ? <ImportResultsPanel results={importer.results} /> : null}
        </CardBody>
      </Card>

      <Card aria-labelledby="remote-plants-title">
        <CardHeader
          icon={<Store size={18} />}
          title={<span id="remote-plants-title">{t('plantdb.admin.remote.title')}</span>}
          description={
            remote.data
              ? t('plantdb.admin.remote.count', { count: plants.length })
              : t('plantdb.admin.remote.hint')
          }
          actions={
            <Button
              variant="ghost"
              size="sm"
              icon={<RefreshCw size={16} aria-hidden="true" />}
              disabled={remote.isValidating}
              onClick={() => void remote.mutate()}
            >
              {t('plantdb.admin.remote.reload')}
            </Button>
          }
        />
        <CardBody>{list}</CardBody>
      </Card>

      {failures.length > 0 ? <FailuresList failures={failures} /> : null}
    </div>
  );
}
