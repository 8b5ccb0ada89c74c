import type { Conversation } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Coins, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { useNow } from '../../lib/use-now.ts';
import { Avatar } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatRelativeTime } from '../post/index.ts';
import { messagePreview, personName, tipSol } from './message-display.ts';
import { EmptyRequests, RequestsIntro } from './message-requests.tsx';
import { unreadBadgeText } from './unread-count.ts';
import { messagesPath, useConversations, type ListFolder } from './messages-queries.ts';
import type { ThreadLocationState } from './message-thread.tsx';
import { EmptyPane } from './empty-pane.tsx';

/** Where the list is returned to from a thread: that conversation's link takes the focus. */
export interface ListLocationState {
  focusConversation?: string;
}

/** Focuses the conversation the navigation asked for (focusConversation), once it is listed. */
function useFocusConversation(listed: number) {
  const location = useLocation();
  const focusAddress = (location.state as ListLocationState | null)?.focusConversation;
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!focusAddress || !listRef.current) return;
    const links = listRef.current.querySelectorAll<HTMLAnchorElement>('a[data-address]');
    [...links].find((link) => link.dataset.address === focusAddress)?.focus();
  }, [focusAddress, listed]);
  return listRef;
}

/**
 * The inbox's or the requests' conversations, most recent first: avatar, name, the last
 * message's preview, when, and the unread count. Loading, empty ('No messages yet' with New
 * message; 'No message requests') and error states.
 */
export function ConversationList({
  viewerId,
  folder,
  selected,
  onNewMessage,
}: {
  viewerId: string | null;
  folder: ListFolder;
  selected: string | null;
  onNewMessage: () => void;
}) {
  const { t } = useLingui();
  const conversations = useConversations(viewerId, folder);
  const now = useNow(30_000);
  const items = conversations.data?.pages.flatMap((page) => page.items) ?? [];
  const listRef = useFocusConversation(items.length);

  if (conversations.isPending) return <ListSkeleton />;
  if (conversations.isError && items.length === 0) {
    return (
      <div className="p-3">
        <LoadError
          title={
            folder === 'requests'
              ? t`Couldn’t load your message requests`
              : t`Couldn’t load your messages`
          }
          message={errorMessage(conversations.error)}
          onRetry={() => void conversations.refetch()}
        />
      </div>
    );
  }
  if (items.length === 0) {
    return folder === 'requests' ? (
      <EmptyRequests />
    ) : (
      <EmptyConversations onNewMessage={onNewMessage} />
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      {folder === 'requests' && <RequestsIntro />}
      <ul
        ref={listRef}
        aria-label={folder === 'requests' ? t`Message requests` : t`Conversations`}
        data-testid="conversation-list"
        className="flex flex-col gap-0.5 p-2"
      >
        {items.map((conversation) => (
          <li key={conversation.peer.solAddress}>
            <ConversationRow
              conversation={conversation}
              folder={folder}
              viewerId={viewerId}
              now={now}
              selected={conversation.peer.solAddress === selected}
            />
          </li>
        ))}
      </ul>
      {conversations.hasNextPage && (
        <div className="flex justify-center p-2">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void conversations.fetchNextPage()}
            disabled={conversations.isFetchingNextPage}
          >
            {conversations.isFetchingNextPage ? (
              <Trans>Loading…</Trans>
            ) : (
              <Trans>Show more conversations</Trans>
            )}
          </Button>
        </div>
      )}
    </div>
  );
}

function ConversationRow({
  conversation,
  folder,
  viewerId,
  now,
  selected,
}: {
  conversation: Conversation;
  folder: ListFolder;
  viewerId: string | null;
  now: number;
  selected: boolean;
}) {
  const { peer, lastMessage, unreadCount, updatedAt } = conversation;
  const name = personName(peer, peer.solAddress);
  const unread = unreadCount > 0;
  // A stranger's tip is worth seeing before opening: the preview shows the text when there is
  // some, so a request names its tip beside it.
  const requestTip =
    folder === 'requests' && lastMessage.tip && lastMessage.body.trim() !== ''
      ? tipSol(lastMessage.tip.amount)
      : null;
  const state: ThreadLocationState = { focusThread: true };
  return (
    <Link
      to={messagesPath(folder, peer.solAddress)}
      state={state}
      data-address={peer.solAddress}
      aria-current={selected ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-xl px-2.5 py-2.5 transition-colors',
        selected ? 'bg-primary/12' : 'hover:bg-surface-2',
      )}
    >
      <Avatar name={name} src={peer.avatarUrl} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-sm', unread ? 'font-bold' : 'font-semibold')}>
            {name}
          </span>
          <time dateTime={updatedAt} className="shrink-0 text-xs text-subtle">
            {formatRelativeTime(updatedAt, now)}
          </time>
        </span>
        <span className="flex items-center justify-between gap-2">
          <span
            className={cn('truncate text-sm', unread ? 'text-foreground' : 'text-muted')}
            data-testid="conversation-preview"
          >
            {messagePreview(lastMessage, viewerId)}
          </span>
          {requestTip && (
            <Badge variant="dum" className="shrink-0 tabular-nums">
              <Coins className="size-3" aria-hidden="true" />
              <Trans>
                <span className="sr-only">Tip: </span>
                {requestTip} SOL
              </Trans>
            </Badge>
          )}
          {unread && (
            <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-vibe px-1.5 text-[11px] font-bold text-primary-foreground tabular-nums">
              {unreadBadgeText(unreadCount)}
              <span className="sr-only">
                <Trans> unread</Trans>
              </span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}

export function EmptyConversations({ onNewMessage }: { onNewMessage: () => void }) {
  return (
    <EmptyPane
      kind="list"
      icon={<MessageCircle className="size-6" aria-hidden="true" />}
      title={<Trans>No messages yet</Trans>}
      text={
        <Trans>Start a conversation with anyone on Dum Club, and tip them SOL if you like.</Trans>
      }
    >
      <Button className="mt-5" onClick={onNewMessage}>
        <Trans>New message</Trans>
      </Button>
    </EmptyPane>
  );
}

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <RowsSkeleton
      label={t`Loading conversations`}
      rows={4}
      className="flex flex-col gap-1 p-2"
      rowClassName="flex items-center gap-3 px-2.5 py-2.5"
      picture="size-10 shrink-0 rounded-full"
      linesClassName="flex flex-1 flex-col gap-2"
      lines={['h-3.5 w-1/2 rounded', 'h-3 w-3/4 rounded']}
    />
  );
}
