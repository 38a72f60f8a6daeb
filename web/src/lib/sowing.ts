import type { SowingEntry, SowingStep } from '@/api/types';

/*
 * The sowing steps, without words: their names, windows and dates are worded in the shown
 * language by the plant database's sowing-text.ts.
 */

/** The three steps of a sowing, in the order a season runs. */
export const SOWING_STEPS = [{ key: 'sowIndoors' }, { key: 'directSow' }, { key: 'transplant' }] as const;

export type SowingStepKey = (typeof SOWING_STEPS)[number]['key'];

/** openSteps: the sowing steps open in the asked week, indoors first. */
export function openSteps(entry: SowingEntry): { key: 'sowIndoors' | 'directSow'; step: SowingStep }[] {
  const out: { key: 'sowIndoors' | 'directSow'; step: SowingStep }[] = [];
  if (entry.sowIndoors?.open) out.push({ key: 'sowIndoors', step: entry.sowIndoors });
  if (entry.directSow?.open) out.push({ key: 'directSow', step: entry.directSow });
  return out;
}
