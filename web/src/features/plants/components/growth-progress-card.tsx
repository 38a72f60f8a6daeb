import { Sprout } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useUpdatePlant } from '@/api/plants/update-plant';
import type { Plant } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress';
import { useToast } from '@/components/ui/toast';
import { clampPercent } from '@/lib/care';

/**
 * GrowthProgressCard: the plant's growth progress with a quick control (a 0–100 slider in
 * steps of 5 and Save), so progress can move without opening the whole edit form.
 */
export function GrowthProgressCard({ plant }: { plant: Plant }) {
  const saved = clampPercent(plant.growthProgress);
  const [value, setValue] = useState(saved);
  const sliderId = useId();
  const update = useUpdatePlant();
  const { toast } = useToast();
  useEffect(() => setValue(saved), [saved]);

  const save = async () => {
    try {
      await update.trigger({ id: plant.id, patch: { growthProgress: value } });
      toast({ title: 'Progress saved', description: `${plant.name} is at ${value}%.`, variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Could not save the growth progress. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <Card aria-label="Growth progress">
      <CardHeader icon={<Sprout size={18} />} title="Growth Progress" />
      <CardBody>
        <p className="growth__value">{saved}%</p>
        <ProgressBar value={saved} label={`Growth progress of ${plant.name}`} />
        <div className="growth__control">
          <label htmlFor={sliderId} className="growth__label">
            Update progress{value !== saved ? <strong>: {value}%</strong> : null}
          </label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={100}
            step={5}
            value={value}
            className="growth__slider"
            onChange={(e) => setValue(Number(e.target.value))}
          />
          <Button size="sm" variant="outline" disabled={value === saved} loading={update.isMutating} onClick={() => void save()}>
            Save progress
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
