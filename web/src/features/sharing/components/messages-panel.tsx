import { MessagesSquare } from 'lucide-react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ListStates } from '@/components/ui/list-states';
import { timeAgo } from '@/lib/time-ago';
import { groupConversations, useListingMessages } from '../api/listing-messages';
import type { Listing, ListingMessage } from '../api/types';
import { MessageForm } from './message-form';

function Thread({ messages, myId }: { messages: ListingMessage[]; myId: number }) {
  return (
    <ul className="message-list">
      {messages.map((m) => (
        <li key={m.id} className={m.userId === myId ? 'message message--mine' : 'message'}>
          {m.message}
          <span className="message__meta">
            {m.userId === myId ? 'You' : m.username} · {timeAgo(m.createdAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * MessagesPanel: for the owner, every conversation grouped by the person who wrote, each
 * with an answer form; for anyone else signed in, their own conversation with the owner and
 * (while the listing is available) the Contact the Owner form.
 */
export function MessagesPanel({ listing, myId, onChange }: { listing: Listing; myId: number; onChange: () => void }) {
  const messages = useListingMessages(listing.id);
  const available = listing.status === 'Open' && !listing.isExpired;
  const refresh = () => {
    void messages.mutate();
    onChange();
  };
  if (!listing.isOwner) {
    return (
      <Card aria-label="Contact the Owner">
        <CardHeader icon={<MessagesSquare size={18} />} title="Contact the Owner" description={`Your messages with ${listing.username}`} />
        <CardBody>
          <ListStates
            compact
            query={messages}
            isEmpty={messages.items.length === 0}
            loading={{ label: 'Loading messages…', rows: 2, height: 40 }}
            errorTitle="Failed to load messages"
            errorText="Failed to load messages. Please try again later."
            empty={{ title: 'No messages yet', text: available ? 'Ask the owner about this plant.' : undefined }}
            pager={messages}
          >
            <Thread messages={messages.items} myId={myId} />
          </ListStates>
          {available ? (
            <MessageForm listingId={listing.id} label="Your message" onSent={refresh} />
          ) : null}
        </CardBody>
      </Card>
    );
  }
  const conversations = groupConversations(messages.items);
  return (
    <Card aria-label="Messages">
      <CardHeader icon={<MessagesSquare size={18} />} title="Messages" description="Answer each person who wrote about this listing." />
      <CardBody>
        <ListStates
          compact
          query={messages}
          isEmpty={messages.items.length === 0}
          loading={{ label: 'Loading messages…', rows: 3, height: 40 }}
          errorTitle="Failed to load messages"
          errorText="Failed to load messages. Please try again later."
          empty={{ title: 'No messages yet', text: 'When someone writes about this listing, the conversation appears here.' }}
          pager={messages}
        >
          <div>
            {conversations.map((c) => (
              <section key={c.withId} className="conversation" aria-label={`Conversation with ${c.withName}`}>
                <h3 className="conversation__title">{c.withName}</h3>
                <Thread messages={c.messages} myId={myId} />
                <MessageForm
                  listingId={listing.id}
                  recipientId={c.withId}
                  label={`Reply to ${c.withName}`}
                  submitLabel="Send Reply"
                  onSent={refresh}
                />
              </section>
            ))}
          </div>
        </ListStates>
      </CardBody>
    </Card>
  );
}
