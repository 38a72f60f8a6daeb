import type { GrowthStage } from '@/api/types';
import { t, type MessageKey } from '@/lib/i18n/i18n';

const stageLabels: Record<GrowthStage, MessageKey> = {
  Seedling: 'shared.journalEntry.stage.seedling',
  Young: 'shared.journalEntry.stage.young',
  Vegetative: 'shared.journalEntry.stage.vegetative',
  Flowering: 'shared.journalEntry.stage.flowering',
  Fruiting: 'shared.journalEntry.stage.fruiting',
  Dormant: 'shared.journalEntry.stage.dormant',
  Mature: 'shared.journalEntry.stage.mature',
};

/**
 * growthStageLabel: a journal entry's growth stage (the API's value, "Seedling") in the shown
 * language (the shared area's catalogue); an unknown stage shows as is.
 */
export function growthStageLabel(stage: string): string {
  const key = stageLabels[stage as GrowthStage] as MessageKey | undefined;
  return key ? t(key) : stage;
}
