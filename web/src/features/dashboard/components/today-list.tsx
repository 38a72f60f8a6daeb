import { Droplets } from 'lucide-react';
import { useState } from 'react';
import { useToday } from '@/api/today/get-today';
import { useWaterPlants } from '@/api/today/care-now';
import { DueItemRow } from '@/components/due-item/due-item-row';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { TodayListSkeleton } from './today-list-frame';

/** How many rows show before "Show all": the section's reserved height holds this many. */
export const TODAY_ROWS = 3;

/**
 * TodayList: GET /api/today as rows with their one-tap actions. "Water all" confirms the plants
 * it will water, then sends one request for all of them. The numbers are the server's list.
 */
export function TodayList() {
  const today = useToday();
  const water = useWaterPlants();
  const { toast } = useToast();
  const [showAll, setShowAll] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (today.isLoading) return <TodayListSkeleton />;
  if (today.error) {
    return (
      <div className="today-list__body today-list__state">
        <p className="dash-error">Today's care could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void today.mutate()}>
          Try again
        </Button>
      </div>
    );
  }
  const items = today.data ?? [];
  if (items.length === 0) {
    return (
      <div className="today-list__body today-list__state">
        <p className="today-list__empty">Nothing due today</p>
        <p className="today-list__hint">Every plant is cared for. Enjoy the garden!</p>
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
        title: 'Plants watered',
        description: `${thirsty.length} ${thirsty.length === 1 ? 'plant was' : 'plants were'} watered.`,
        variant: 'success',
      });
    } catch {
      toast({ title: 'Error', description: 'Could not water the plants. Please try again.', variant: 'destructive' });
    }
  };
  return (
    <div className="today-list__body">
      <div className="today-list__toolbar">
        <p className="today-list__count">
          <strong>{items.length}</strong> due{overdue > 0 ? <span className="today-list__overdue"> · {overdue} overdue</span> : null}
        </p>
        {thirsty.length >= 2 ? (
          <Button size="sm" icon={<Droplets size={16} aria-hidden="true" />} onClick={() => setConfirming(true)}>
            Water all ({thirsty.length})
          </Button>
        ) : null}
      </div>
      <ul className="due-list" aria-label="Care due today">
        {shown.map((item) => (
          <DueItemRow key={item.key} item={item} />
        ))}
      </ul>
      {items.length > TODAY_ROWS ? (
        <Button size="sm" variant="ghost" className="today-list__more" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show fewer' : `Show all ${items.length}`}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Water ${thirsty.length} plants?`}
        description={
          <>
            Each is recorded as watered now, and its due water tasks are completed:
            <span className="today-list__names">{thirsty.map((it) => it.plantName).join(', ')}</span>
          </>
        }
        confirmLabel="Water all"
        destructive={false}
        pending={water.isMutating}
        onConfirm={() => void waterAll()}
      />
    </div>
  );
}
