import { useApiQuery } from '@/api/query';
import type { CareTask, JournalEntry, Plant } from '@/api/types';
import { taskLabel } from '@/lib/care';
import { t } from '@/lib/i18n/i18n';
import { currentLocale } from '@/lib/i18n/locale';

/** PlantContext is what "Ask about this plant" attaches: species, last care tasks, newest photo. */
export interface PlantContext {
  plant: Plant;
  text: string;
  imageUrl: string;
}

/** describePlant builds the question's opening from a plant, its care tasks and journal. */
export function describePlant(plant: Plant, tasks: CareTask[], entries: JournalEntry[]): PlantContext {
  const about = plant.species ? t('qa.context.plantSpecies', { name: plant.name, species: plant.species }) : plant.name;
  const lines = [plant.plantType ? t('qa.context.aboutTyped', { plant: about, type: plant.plantType }) : t('qa.context.about', { plant: about })];
  const done = tasks
    .filter((c) => c.completed)
    .sort((a, b) => (b.completedDate ?? b.scheduledDate).localeCompare(a.completedDate ?? a.scheduledDate))
    .slice(0, 3);
  if (done.length > 0) {
    const task = (c: CareTask) => taskLabel(c.taskType).toLocaleLowerCase(currentLocale());
    const list = done.map((c) => t('qa.context.taskOn', { task: task(c), date: (c.completedDate ?? c.scheduledDate).slice(0, 10) })).join(', ');
    lines.push(t('qa.context.lastCare', { tasks: list }));
  }
  const photo = [...entries]
    .filter((e) => e.imageUrl)
    .sort((a, b) => b.entryDate.localeCompare(a.entryDate))[0];
  return { plant, text: lines.join('\n'), imageUrl: photo?.imageUrl ?? plant.imageUrl ?? '' };
}

/** usePlantContext reads one of the user's plants with its care tasks and journal (null: none). */
export function usePlantContext(plantId: number | undefined) {
  const plant = useApiQuery<Plant>(plantId ? `/api/plants/${plantId}` : null);
  const tasks = useApiQuery<CareTask[]>(plantId ? `/api/plants/${plantId}/care-tasks` : null);
  const entries = useApiQuery<JournalEntry[]>(plantId ? `/api/plants/${plantId}/journal-entries` : null);
  const isLoading = plant.isLoading || tasks.isLoading || entries.isLoading;
  const context = plant.data ? describePlant(plant.data, tasks.data ?? [], entries.data ?? []) : null;
  return { isLoading, error: plant.error, context };
}
