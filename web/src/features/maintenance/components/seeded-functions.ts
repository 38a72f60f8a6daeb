import type { AppFunction } from '@/api/types';
import { t, type MessageKey } from '@/lib/i18n/i18n';

/**
 * The application functions every installation starts with (migration 0004), their English
 * names as seeded and their catalogue keys: a seeded function the admin has not renamed shows
 * in the admin's language; a renamed or added one shows as the admin wrote it.
 */
const SEEDED: Record<string, { name: string; description: string; nameKey: MessageKey; descriptionKey: MessageKey }> = {
  site_wide: { name: 'Entire Site', description: 'Every part of Garden at once', nameKey: 'admin.function.siteWide', descriptionKey: 'admin.function.siteWideText' },
  my_plants: { name: 'My Plants', description: 'Plants, photos and QR labels', nameKey: 'admin.function.myPlants', descriptionKey: 'admin.function.myPlantsText' },
  care_schedule: { name: 'Care Schedule', description: 'Care tasks and the calendar', nameKey: 'admin.function.careSchedule', descriptionKey: 'admin.function.careScheduleText' },
  growth_journal: { name: 'Growth Journal', description: 'Journal entries', nameKey: 'admin.function.growthJournal', descriptionKey: 'admin.function.growthJournalText' },
  plant_database: { name: 'Plant Database', description: 'The plant database and its import', nameKey: 'admin.function.plantDatabase', descriptionKey: 'admin.function.plantDatabaseText' },
  community_forum: { name: 'Community Forum', description: 'Forum topics and replies', nameKey: 'admin.function.communityForum', descriptionKey: 'admin.function.communityForumText' },
  plant_sharing: { name: 'Plant Sharing', description: 'Plant listings and messages', nameKey: 'admin.function.plantSharing', descriptionKey: 'admin.function.plantSharingText' },
  expert_qa: { name: 'Expert Q&A', description: 'Questions and answers', nameKey: 'admin.function.expertQa', descriptionKey: 'admin.function.expertQaText' },
  garden_planner: { name: 'Garden Planner', description: 'Garden layouts', nameKey: 'admin.function.gardenPlanner', descriptionKey: 'admin.function.gardenPlannerText' },
  crop_rotation: { name: 'Crop Rotation', description: 'Rotation plans and groups', nameKey: 'admin.function.cropRotation', descriptionKey: 'admin.function.cropRotationText' },
  harvest_tracking: { name: 'Harvest Tracking', description: 'Harvest records', nameKey: 'admin.function.harvestTracking', descriptionKey: 'admin.function.harvestTrackingText' },
};

/** functionTexts: a function's display name and description in the shown language where they are still the seeded ones. */
export function functionTexts(fn: Pick<AppFunction, 'name' | 'displayName' | 'description'>): { displayName: string; description: string } {
  const seeded = SEEDED[fn.name];
  return {
    displayName: seeded && fn.displayName === seeded.name ? t(seeded.nameKey) : fn.displayName,
    description: seeded && fn.description === seeded.description ? t(seeded.descriptionKey) : (fn.description ?? ''),
  };
}
