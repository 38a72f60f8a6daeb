import { todayKey } from '@/lib/dates';
import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { CareDue } from '../types';

/**
 * useCareDue: GET /api/care-due — each plant's next watering and fertilizing placed on the
 * days from..to (an overdue one on today), as the iCal feed places them.
 */
export function useCareDue(from: string, to: string) {
  return useApiQuery<CareDue[]>(urls.careDue(from, to, todayKey()));
}

/** careDueByDate groups due care by its yyyy-MM-dd date. */
export function careDueByDate(list: CareDue[] | undefined): Map<string, CareDue[]> {
  const map = new Map<string, CareDue[]>();
  for (const due of list ?? []) {
    const day = map.get(due.date);
    if (day) day.push(due);
    else map.set(due.date, [due]);
  }
  return map;
}
