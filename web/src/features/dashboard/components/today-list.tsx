import { Droplets } from 'lucide-react';
import { useState } from 'react';
import { useToday } from '@/api/today/get-today';
import { useWaterPlants } from '@/api/today/care-now';
import { useDrawnAsTransition } from '@/api/query';
import { DueItemRow } from '@/components/due-item/due-item-row';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { TodayListSkeleton } from './today-list-frame';

/** How many rows show before "Show all": the section's reserved height holds this many. */
export const TODAY_ROWS = 3;

/**
 * TodayList: GET /api/today as rows with their one-tap actions. "Water all" confirms the plants
 * it will water, then sends one request for all of them. The numbers are the server's list.
 */
export function TodayList() {
  const today = useDrawnAsTransition(useToday());
  const water = useWaterPlants();
  const { toast } = useToast();
  const t = useT();
  const [showAll, setShowAll] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (today.isLoading) return <TodayListSkeleton />;
  if (today.error) {
    return (
      <div className="today-list__body today-list__state">
        <p className="dash-error">{t('today.loadFailed')}</p>
        <Button size="sm" variant="outline" onClick={() => void today.mutate()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  const items = today.data ?? [];
  if (items.length === 0) {
    return (
      <div className="today-list__body today-list__state">
        <p className="today-list__empty">{t('today.nothingDue')}</p>
        <p className="today-list__hint">{t('today.allCaredFor')}</p>
      </div>
    );
  }
  const overdue = items.filter((it) => it.overdue).length;
  const thirsty = items.filter((it) => it.kind === 'water');
  const shown = showAll ? items : items.slice(0, TODAY_ROWS);
  const waterAll = async () => {
    try {
      await water.trigger(thirsty.map((it) => it.plantId));
      setConfirming(false);
      toast({
        title: t('today.watered'),
        description: t('today.wateredCount', { count: thirsty.length }),
        variant: 'success',
      });
    } catch {
      toast({ title: t('common.error'), description: t('today.waterFailed'), variant: 'destructive' });
    }
  };
  return (
    <div className="today-list__body">
      <div className="today-list__toolbar">
        <p className="today-list__count">
          <strong>{items.length}</strong> {t('today.due')}
          {overdue > 0 ? <span className="today-list__overdue"> · {t('today.overdue', { count: overdue })}</span> : null}
        </p>
        {thirsty.length >= 2 ? (
          <Button size="sm" icon={<Droplets size={16} aria-hidden="true" />} onClick={() => setConfirming(true)}>
            {t('today.waterAllCount', { count: thirsty.length })}
          </Button>
        ) : null}
      </div>
      <ul className="due-list" aria-label={t('today.listLabel')}>
        {shown.map((item) => (
          <DueItemRow key={item.key} item={item} />
        ))}
      </ul>
      {items.length > TODAY_ROWS ? (
        <Button size="sm" variant="ghost" className="today-list__more" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
          {showAll ? t('today.showFewer') : t('today.showAll', { count: items.length })}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('today.confirmTitle', { count: thirsty.length })}
        description={
          <>
            {t('today.confirmText')}
            <span className="today-list__names">{thirsty.map((it) => it.plantName).join(', ')}</span>
          </>
        }
        confirmLabel={t('today.waterAll')}
        destructive={false}
        pending={water.isMutating}
        onConfirm={() => void waterAll()}
      />
    </div>
  );
}
