/** The listing types of spec 02 §9; Free is the form's default. */
export const LISTING_TYPES = ['Free', 'Swap', 'Sell'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** The fixed plant types of spec 02 §3; the filter adds any other found in listings. */
export { PLANT_TYPES } from '@/api/types';

/** A plant listing (spec 02 §3; docs/api.md "Plant sharing"). */
export interface Listing {
  id: number;
  userId: number;
  title: string;
  plantName: string;
  plantType: string;
  species?: string;
  description?: string;
  listingType: ListingType;
  /** Pounds; only Sell listings have one. */
  price: number | null;
  quantity: number;
  location?: string;
  imageUrl?: string;
  status: 'Open' | 'Closed';
  isExpired: boolean;
  createdAt: string;
  updatedAt?: string;
  expiresAt: string;
  closedAt?: string | null;
  /** When the owner last changed the listing's text (null until then). */
  editedAt?: string | null;
  edited?: boolean;
  username: string;
  userAvatar?: string | null;
  isOwner: boolean;
  /** The owner, admins of the owner's site and superadmins may delete. */
  canDelete?: boolean;
  messageCount?: number;
  canRenew: boolean;
  renewableAt?: string;
  completedWithUserId?: number;
  canAddToPlants: boolean;
  addedToPlantId?: number;
}

/** A message of one conversation about a listing (spec 02 §3 Listing message). */
export interface ListingMessage {
  id: number;
  listingId: number;
  message: string;
  userId: number;
  username: string;
  userAvatar?: string | null;
  createdAt: string;
  /** The person who is not the owner: the conversation this message belongs to. */
  conversationWith: number;
  conversationUsername: string;
}
