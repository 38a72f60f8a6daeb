import { MessagesSquare } from 'lucide-react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ListStates } from '@/components/ui/list-states';
import { useT } from '@/lib/i18n/provider';
import { timeAgo } from '@/lib/time-ago';
import { groupConversations, useListingMessages } from '../api/listing-messages';
import type { Listing, ListingMessage } from '../api/types';
import { MessageForm } from './message-form';

function Thread({ messages, myId }: { messages: ListingMessage[]; myId: number }) {
  const t = useT();
  return (
    <ul className="message-list">
      {messages.map((m) => (
        <li key={m.id} className={m.userId === myId ? 'message message--mine' : 'message'}>
          {m.message}
          <span className="message__meta">
            {m.userId === myId ? t('sharing.message.you') : m.username} · {timeAgo(m.createdAt)}
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
  const t = useT();
  const refresh = () => {
    void messages.mutate();
    onChange();
  };
  if (!listing.isOwner) {
    return (
      <Card aria-label={t('sharing.contact.title')}>
        <CardHeader icon={<MessagesSquare size={18} />} title={t('sharing.contact.title')} description={t('sharing.contact.yourMessages', { name: listing.username })} />
        <CardBody>
          <ListStates
            compact
            query={messages}
            isEmpty={messages.items.length === 0}
            loading={{ label: t('sharing.messages.loading'), rows: 2, height: 40 }}
            errorTitle={t('sharing.messages.failedTitle')}
            errorText={t('sharing.messages.failed')}
            empty={{ title: t('sharing.messages.none'), text: available ? t('sharing.messages.askOwner') : undefined }}
            pager={messages}
          >
            <Thread messages={messages.items} myId={myId} />
          </ListStates>
          {available ? (
            <MessageForm listingId={listing.id} label={t('sharing.message.yours')} onSent={refresh} />
          ) : null}
        </CardBody>
      </Card>
    );
  }
  const conversations = groupConversations(messages.items);
  return (
    <Card aria-label={t('sharing.messages.title')}>
      <CardHeader icon={<MessagesSquare size={18} />} title={t('sharing.messages.title')} description={t('sharing.messages.description')} />
      <CardBody>
        <ListStates
          compact
          query={messages}
          isEmpty={messages.items.length === 0}
          loading={{ label: t('sharing.messages.loading'), rows: 3, height: 40 }}
          errorTitle={t('sharing.messages.failedTitle')}
          errorText={t('sharing.messages.failed')}
          empty={{ title: t('sharing.messages.none'), text: t('sharing.messages.noneOwner') }}
          pager={messages}
        >
          <div>
            {conversations.map((c) => (
              <section key={c.withId} className="conversation" aria-label={t('sharing.messages.conversation', { name: c.withName })}>
                <h3 className="conversation__title">{c.withName}</h3>
                <Thread messages={c.messages} myId={myId} />
                <MessageForm
                  listingId={listing.id}
                  recipientId={c.withId}
                  label={t('sharing.message.replyTo', { name: c.withName })}
                  submitLabel={t('sharing.message.sendReply')}
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
