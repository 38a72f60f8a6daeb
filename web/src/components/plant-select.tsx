import { usePlants } from '@/api/plants/get-plants';
import { FormSelect } from '@/components/ui/form';
import { useT } from '@/lib/i18n/provider';

/** FormPlantSelect: the "Plant" select of a form (the caller's plants, '' until one is picked). */
export function FormPlantSelect({ name = 'plantId' }: { name?: string }) {
  const t = useT();
  const plants = usePlants();
  const plantList = plants.data ?? [];
  return (
    <FormSelect
      name={name}
      label={t('shared.plantSelect.label')}
      disabled={plants.isLoading}
      description={
        plants.error ? t('shared.plantSelect.loadError') : plantList.length === 0 && !plants.isLoading ? t('shared.plantSelect.addFirst') : undefined
      }
    >
      <option value="">{plants.isLoading ? t('shared.plantSelect.loading') : t('shared.plantSelect.choose')}</option>
      {plantList.map((plant) => (
        <option key={plant.id} value={plant.id}>
          {plant.name}
        </option>
      ))}
    </FormSelect>
  );
}
