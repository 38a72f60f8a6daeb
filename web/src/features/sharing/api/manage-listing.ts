import { apiJSON } from '@/api/client';
import type { Plant } from '@/api/types';
import type { NewListing } from './create-listing';
import type { Listing } from './types';

/**
 * updateListing: PATCH /api/plant-sharing/{id} with the form's fields — the owner, while the
 * listing is open (409 once completed). A listing that is not Sell sends price null.
 */
export function updateListing(id: number, values: NewListing) {
  const { plantId: _plantId, ...fields } = values;
  return apiJSON<Listing>('PATCH', `/api/plant-sharing/${id}`, fields);
}

/** completeListing: PATCH status Closed, optionally naming the person it went to. */
export function completeListing(id: number, completedWithUserId?: number) {
  return apiJSON<Listing>('PATCH', `/api/plant-sharing/${id}`, { status: 'Closed', completedWithUserId });
}

/** deleteListing: DELETE /api/plant-sharing/{id}. */
export function deleteListing(id: number) {
  return apiJSON<void>('DELETE', `/api/plant-sharing/${id}`);
}

/** renewListing: POST /api/plant-sharing/{id}/renew (the owner, in the last week). */
export function renewListing(id: number) {
  return apiJSON<Listing>('POST', `/api/plant-sharing/${id}/renew`);
}

/** addListingToMyPlants: the person a listing went to copies its plant. */
export function addListingToMyPlants(id: number) {
  return apiJSON<Plant>('POST', `/api/plant-sharing/${id}/add-to-my-plants`);
}
