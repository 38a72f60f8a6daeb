import { Sprout } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useUpdatePlant } from '@/api/plants/update-plant';
import type { Plant } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();
  useEffect(() => setValue(saved), [saved]);

  const save = async () => {
    try {
      await update.trigger({ id: plant.id, patch: { growthProgress: value } });
      toast({ title: t('plants.growth.saved'), description: t('plants.growth.savedText', { name: plant.name, value }), variant: 'success' });
    } catch {
      toast({ title: t('common.error'), description: t('plants.growth.failedText'), variant: 'destructive' });
    }
  };

  return (
    <Card aria-label={t('plants.growth.label')}>
      <CardHeader icon={<Sprout size={18} />} title={t('plants.growth.title')} />
      <CardBody>
        <p className="growth__value">{saved}%</p>
        <ProgressBar value={saved} label={t('plants.growth.bar', { name: plant.name })} />
        <div className="growth__control">
          <label htmlFor={sliderId} className="growth__label">
            {t('plants.growth.update')}{value !== saved ? <strong>: {value}%</strong> : null}
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
            {t('plants.growth.save')}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
