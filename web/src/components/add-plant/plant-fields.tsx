import { useWatch } from 'react-hook-form';
import { PLANT_TYPES } from '@/api/types';
import { FormSelect } from '@/components/ui/form';
import { LIGHT_NEEDS } from '@/lib/care';
import { PLANT_TYPE_LABELS } from '@/lib/plant-types';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';


/** The light needs' names in the shown language (the API takes the English value). */
const LIGHT_KEY: Record<(typeof LIGHT_NEEDS)[number], MessageKey> = {
  'Low Light': 'plants.light.low',
  'Medium Light': 'plants.light.medium',
  'Bright Indirect': 'plants.light.brightIndirect',
  'Bright Light': 'plants.light.bright',
  'Full Sun': 'plants.light.fullSun',
};

/** PlantTypeSelect: the `plantType` field of a plant form (add and edit), one option a type. */
export function PlantTypeSelect() {
  const t = useT();
  return (
    <FormSelect name="plantType" label={t('plants.add.type')}>
      {PLANT_TYPES.map((type) => (
        <option key={type} value={type}>
          {t(PLANT_TYPE_LABELS[type])}
        </option>
      ))}
    </FormSelect>
  );
}

/**
 * LightNeedsSelect: the `lightNeeds` field of a plant form (add and edit): "Not set", the
 * known values, and the plant's own value when it is none of them (kept, not lost on save).
 */
export function LightNeedsSelect() {
  const t = useT();
  const lightNeeds = useWatch({ name: 'lightNeeds' }) as string | undefined;
  return (
    <FormSelect name="lightNeeds" label={t('plants.add.light')}>
      <option value="">{t('plants.card.notSet')}</option>
      {LIGHT_NEEDS.map((light) => (
        <option key={light} value={light}>
          {t(LIGHT_KEY[light])}
        </option>
      ))}
      {lightNeeds && !(LIGHT_NEEDS as readonly string[]).includes(lightNeeds) ? (
        <option value={lightNeeds}>{lightNeeds}</option>
      ) : null}
    </FormSelect>
  );
}
