import { usePlants } from '@/api/plants/get-plants';
import { FormSelect } from '@/components/ui/form';

/** FormPlantSelect: the "Plant" select of a form (the caller's plants, '' until one is picked). */
export function FormPlantSelect({ name = 'plantId' }: { name?: string }) {
  const plants = usePlants();
  const plantList = plants.data ?? [];
  return (
    <FormSelect
      name={name}
      label="Plant"
      disabled={plants.isLoading}
      description={plants.error ? 'Your plants could not be loaded.' : plantList.length === 0 && !plants.isLoading ? 'Add a plant first.' : undefined}
    >
      <option value="">{plants.isLoading ? 'Loading plants…' : 'Select a plant'}</option>
      {plantList.map((plant) => (
        <option key={plant.id} value={plant.id}>
          {plant.name}
        </option>
      ))}
    </FormSelect>
  );
}
