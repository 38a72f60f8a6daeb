import { useWatch } from 'react-hook-form';
import { PLANT_TYPES } from '@/api/types';
import { FormSelect } from '@/components/ui/form';
import { LIGHT_NEEDS } from '@/lib/care';

/** PlantTypeSelect: the `plantType` field of a plant form (add and edit), one option a type. */
export function PlantTypeSelect() {
  return (
    <FormSelect name="plantType" label="Plant type">
      {PLANT_TYPES.map((type) => (
        <option key={type} value={type}>
          {type}
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
  const lightNeeds = useWatch({ name: 'lightNeeds' }) as string | undefined;
  return (
    <FormSelect name="lightNeeds" label="Light needs">
      <option value="">Not set</option>
      {LIGHT_NEEDS.map((light) => (
        <option key={light} value={light}>
          {light}
        </option>
      ))}
      {lightNeeds && !(LIGHT_NEEDS as readonly string[]).includes(lightNeeds) ? (
        <option value={lightNeeds}>{lightNeeds}</option>
      ) : null}
    </FormSelect>
  );
}
