import { z } from 'zod';
import { apiJSON } from '@/api/client';
import { usePagedList } from '@/api/use-paged-list';
import type { ListingMessage } from './types';

/** useListingMessages reads a listing's messages (signed in only; null: no request). */
export function useListingMessages(listingId: number | null) {
  return usePagedList<ListingMessage>(listingId ? `/api/plant-sharing/${listingId}/messages` : null);
}

/** The message form (spec 02 §5: trimmed non-empty, else "Please enter a message"). */
export const messageSchema = z.object({
  message: z.string().trim().min(1, 'Please enter a message').max(2000, 'Message cannot exceed 2000 characters'),
});
export type MessageInput = z.input<typeof messageSchema>;

/** Conversation is one person's exchange with the owner. */
export interface Conversation {
  withId: number;
  withName: string;
  messages: ListingMessage[];
}

/** groupConversations groups messages by the person who is not the owner, in first-message order. */
export function groupConversations(messages: ListingMessage[]): Conversation[] {
  const byId = new Map<number, Conversation>();
  for (const m of messages) {
    let c = byId.get(m.conversationWith);
    if (!c) {
      c = { withId: m.conversationWith, withName: m.conversationUsername, messages: [] };
      byId.set(m.conversationWith, c);
    }
    c.messages.push(m);
  }
  return Array.from(byId.values());
}

/** sendListingMessage: POST /api/plant-sharing/{id}/messages; the owner names recipientId. */
export function sendListingMessage(listingId: number, message: string, recipientId?: number) {
  return apiJSON<ListingMessage>('POST', `/api/plant-sharing/${listingId}/messages`, { message, recipientId });
}
