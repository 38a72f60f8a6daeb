import type { Plant, PlantDatabaseItem } from '@/api/types';
import { isHttpUrl } from './urls';

const norm = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

/**
 * seedStoreLink: where Buy Seeds goes for a plant. First the storeUrl of the plant
 * database item whose scientific name matches the plant's species or whose common name
 * matches its name; else the shop search template with {query} replaced by the name;
 * else null (no button).
 */
export function seedStoreLink(
  plant: Pick<Plant, 'name' | 'species'>,
  items: PlantDatabaseItem[] | undefined,
  searchTemplate: string,
): string | null {
  const name = norm(plant.name);
  const species = norm(plant.species);
  const withStore = (items ?? []).filter((item) => item.storeUrl && isHttpUrl(item.storeUrl));
  const match =
    (species ? withStore.find((item) => norm(item.scientificName) === species) : undefined) ??
    withStore.find((item) => norm(item.commonName) === name);
  if (match?.storeUrl) return match.storeUrl;
  if (searchTemplate && plant.name.trim()) {
    const url = searchTemplate.includes('{query}')
      ? searchTemplate.replace('{query}', encodeURIComponent(plant.name.trim()))
      : `${searchTemplate}${encodeURIComponent(plant.name.trim())}`;
    return isHttpUrl(url) ? url : null;
  }
  return null;
}

