import { formatAddress, type ConversationFolder, type DirectMessage } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MessageCircle, UserRound } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useNow } from '../../lib/use-now.ts';
import { Avatar } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';
import type { Viewer } from '../auth/index.ts';
import { openThread } from '../realtime/index.ts';
import { MessageBubble, outboxContent, type BubbleContent } from './message-bubble.tsx';
import { MessageComposer } from './message-composer.tsx';
import { dayLabel, groupByDay, personName } from './message-display.ts';
import { RequestPanel } from './message-requests.tsx';
import {
  markConversationRead,
  messagesPath,
  refreshConversations,
  threadKey,
  useConversationFolder,
  usePeer,
  useThreadMessages,
  type ListFolder,
} from './messages-queries.ts';
import { useMessageSender, type OutboxItem } from './use-message-sender.ts';

/** Where a thread is opened from the list: its heading takes the focus (phones' second screen). */
export interface ThreadLocationState {
  focusThread?: boolean;
}

type Row =
  | { key: string; mine: boolean; content: BubbleContent; message: DirectMessage }
  | { key: string; mine: true; content: BubbleContent; item: OutboxItem };

/**
 * An open conversation: the person, the messages (older ones load on scrolling up), and the
 * composer; above it, a request's Accept and Delete. Marks the conversation read while it is on
 * a visible page and in the inbox (a request's sender learns nothing before it is accepted).
 * `folder` is the list it was opened from, which the way back returns to.
 */
export function MessageThread({
  address,
  folder,
  viewer,
}: {
  address: string;
  folder: ListFolder;
  viewer: Viewer;
}) {
  const { t } = useLingui();
  const peer = usePeer(address);
  const thread = useThreadMessages(viewer.userId, address);
  const kept = useConversationFolder(viewer.userId, address).data?.folder ?? null;
  const sender = useMessageSender({
    viewerId: viewer.userId,
    viewerWallet: viewer.wallet,
    peerAddress: address,
  });
  const name = personName(peer.data, address);
  const headingRef = useFocusOnArrival(address);

  useEffect(() => openThread(address), [address]);
  useMarkRead(address, viewer.userId, kept === 'inbox' ? thread.data?.pages : undefined);
  useLeaveRequestsOnceAccepted(address, folder, kept);

  const peerMissing = peer.error instanceof ApiError && peer.error.status === 404;
  const threadRefused = thread.error instanceof ApiError && thread.error.status < 500;

  return (
    <section
      aria-labelledby="thread-heading"
      data-testid="message-thread"
      className="flex h-full min-h-0 flex-col"
    >
      <ThreadHeader
        address={address}
        folder={folder}
        name={name}
        peer={peer}
        headingRef={headingRef}
      />

      {peerMissing ? (
        <ThreadNotice
          title={t`This wallet hasn’t joined Dum Club`}
          text={t`Messages go to wallets that have signed in here at least once.`}
        />
      ) : thread.isPending ? (
        <ThreadSkeleton />
      ) : thread.isError && !thread.data ? (
        <div className="flex-1 overflow-y-auto p-4">
          <LoadError
            title={t`Couldn’t load this conversation`}
            message={errorMessage(thread.error)}
            onRetry={() => void thread.refetch()}
          />
        </div>
      ) : (
        <MessageLog
          name={name}
          viewerId={viewer.userId}
          messages={thread.data.pages.flatMap((page) => page.items)}
          outbox={sender.outbox}
          retry={sender.retry}
          remove={sender.discard}
          hasOlder={thread.hasNextPage}
          loadingOlder={thread.isFetchingNextPage}
          olderFailed={thread.isFetchNextPageError}
          loadOlder={() => void thread.fetchNextPage()}
        />
      )}
      {(kept === 'requests' || kept === 'declined') && (
        <RequestPanel address={address} name={name} folder={kept} viewerId={viewer.userId} />
      )}
      <MessageComposer
        peerName={name}
        disabled={peerMissing || threadRefused || address === viewer.wallet}
        onSend={sender.send}
      />
    </section>
  );
}

/**
 * A request opened from the Requests list that is accepted (or replied to) is in the inbox now:
 * the list beside it becomes the inbox, with this conversation in it.
 */
function useLeaveRequestsOnceAccepted(
  address: string,
  folder: ListFolder,
  kept: ConversationFolder | null,
): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (folder === 'requests' && kept === 'inbox') {
      void navigate(messagesPath('inbox', address), { replace: true });
    }
  }, [address, folder, kept, navigate]);
}

/** POST .../read while unread messages from the other person are on a visible page. */
function useMarkRead(
  address: string,
  viewerId: string | null,
  pages: { items: DirectMessage[] }[] | undefined,
) {
  const queryClient = useQueryClient();
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  const inFlight = useRef(false);
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  const unread = Boolean(
    pages?.some((page) =>
      page.items.some((message) => message.senderId !== viewerId && message.readAt === null),
    ),
  );
  useEffect(() => {
    if (!unread || !visible || !viewerId || inFlight.current) return;
    inFlight.current = true;
    markConversationRead(address).then(
      () => {
        inFlight.current = false;
        refreshConversations(queryClient);
        void queryClient.invalidateQueries({ queryKey: threadKey(viewerId, address) });
      },
      () => {
        // The badge stays as it was; the next visit tries again.
        inFlight.current = false;
      },
    );
  }, [address, queryClient, unread, viewerId, visible]);
}

/** Focuses the thread's heading when the navigation that opened it asked to (focusThread). */
function useFocusOnArrival(address: string) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const focusThread = (location.state as ThreadLocationState | null)?.focusThread === true;
  useEffect(() => {
    if (focusThread) headingRef.current?.focus();
  }, [address, focusThread]);
  return headingRef;
}

/** The way back (on a phone), the person (avatar, name, @username, wallet) and their profile. */
function ThreadHeader({
  address,
  folder,
  name,
  peer,
  headingRef,
}: {
  address: string;
  folder: ListFolder;
  name: string;
  peer: ReturnType<typeof usePeer>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useLingui();
  return (
    <header className="flex items-center gap-3 border-b border-border px-3 py-2.5 sm:px-4">
      <Link
        to={messagesPath(folder)}
        state={{ focusConversation: address }}
        aria-label={t`Back to conversations`}
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'shrink-0 lg:hidden')}
      >
        <ArrowLeft aria-hidden="true" />
      </Link>
      {peer.isPending ? (
        <Skeleton className="size-10 rounded-full" />
      ) : (
        <Avatar name={name} src={peer.data?.avatarUrl} />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <h2
          id="thread-heading"
          ref={headingRef}
          tabIndex={-1}
          className="truncate text-base font-semibold outline-none"
        >
          {name}
        </h2>
        <span className="truncate font-mono text-xs text-muted">
          {peer.data?.username ? `@${peer.data.username} · ` : ''}
          {formatAddress(address)}
        </span>
      </div>
      <Link
        to={`/profile/${encodeURIComponent(address)}`}
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'shrink-0')}
      >
        <UserRound aria-hidden="true" />
        <span className="max-sm:sr-only">
          <Trans>Profile</Trans>
        </span>
      </Link>
    </header>
  );
}

/** The stored messages oldest first, then the ones still in the outbox. */
function useThreadRows(
  messages: DirectMessage[],
  outbox: OutboxItem[],
  viewerId: string | null,
): Row[] {
  return useMemo<Row[]>(() => {
    const stored: Row[] = [...messages].reverse().map((message) => ({
      key: message.id,
      mine: message.senderId === viewerId,
      content: message,
      message,
    }));
    const pending: Row[] = outbox.map((item) => ({
      key: item.localId,
      mine: true,
      content: outboxContent(item),
      item,
    }));
    return [...stored, ...pending];
  }, [messages, outbox, viewerId]);
}

function LoadOlderButton({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  return (
    <div className="mb-3 flex justify-center">
      <Button variant="ghost" size="sm" onClick={onLoad} disabled={loading}>
        {loading ? <Trans>Loading older messages…</Trans> : <Trans>Load older messages</Trans>}
      </Button>
    </div>
  );
}

/** The day's label between two rules (the section is named by it for screen readers). */
function DaySeparator({ label }: { label: string }) {
  return (
    <div aria-hidden="true" className="my-3 flex items-center gap-3 text-xs text-subtle">
      <span className="h-px flex-1 bg-border" />
      <span className="rounded-full bg-surface-2 px-2.5 py-0.5 font-medium">{label}</span>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** A bubble's state: the outbox item's, else Sent or Read for the viewer's own. */
function bubbleState(
  row: Row,
  retry: (item: OutboxItem) => void,
  remove: (id: string) => void,
): Parameters<typeof MessageBubble>[0]['state'] {
  if ('item' in row) {
    const { item } = row;
    return { kind: 'outbox', item, retry: () => retry(item), remove: () => remove(item.localId) };
  }
  return row.mine ? { kind: row.message.readAt ? 'read' : 'sent' } : null;
}

function MessageLog({
  name,
  viewerId,
  messages,
  outbox,
  retry,
  remove,
  hasOlder,
  loadingOlder,
  olderFailed,
  loadOlder,
}: {
  name: string;
  viewerId: string | null;
  /** Newest first, as the API pages them. */
  messages: DirectMessage[];
  outbox: OutboxItem[];
  retry: (item: OutboxItem) => void;
  remove: (id: string) => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  loadOlder: () => void;
}) {
  const { t } = useLingui();
  const now = useNow(60_000);
  const logRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const rows = useThreadRows(messages, outbox, viewerId);
  const groups = groupByDay(rows.map((row) => ({ ...row, createdAt: row.content.createdAt })));
  useStickToBottom(logRef, rows, messages.length);
  useLoadOlderOnScroll(logRef, topRef, hasOlder && !loadingOlder && !olderFailed, loadOlder);

  return (
    <div
      ref={logRef}
      role="log"
      aria-label={t`Messages with ${name}`}
      aria-live="polite"
      tabIndex={0}
      data-testid="message-log"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 outline-none focus-visible:ring-2 focus-visible:ring-primary/40 sm:px-4"
    >
      <div ref={topRef} />
      {hasOlder && <LoadOlderButton loading={loadingOlder} onLoad={loadOlder} />}
      {rows.length === 0 ? (
        <ThreadNotice
          title={t`Say hi to ${name}`}
          text={t`Send a message, a picture, a voice note or a SOL tip. Only the two of you can read it.`}
        />
      ) : (
        groups.map((group) => (
          <section key={group.day} aria-label={dayLabel(new Date(group.day).toISOString(), now)}>
            <DaySeparator label={dayLabel(new Date(group.day).toISOString(), now)} />
            <ol className="flex flex-col gap-2">
              {group.items.map((row) => (
                <li key={row.key}>
                  <MessageBubble
                    content={row.content}
                    mine={row.mine}
                    senderName={row.mine ? t`you` : name}
                    state={bubbleState(row, retry, remove)}
                  />
                </li>
              ))}
            </ol>
          </section>
        ))
      )}
    </div>
  );
}

/**
 * The log opens at its newest message, follows new ones while the reader is at the bottom (and
 * always for the reader's own), and keeps its place when older messages load above.
 */
function useStickToBottom(
  logRef: React.RefObject<HTMLDivElement | null>,
  rows: Row[],
  storedCount: number,
) {
  const atBottom = useRef(true);
  const previous = useRef<{ lastKey: string | null; firstKey: string | null; height: number }>({
    lastKey: null,
    firstKey: null,
    height: 0,
  });
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const onScroll = () => {
      atBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
    };
    // An image that loads grows the log: a reader at the bottom stays there.
    const onMediaLoad = () => {
      if (atBottom.current) log.scrollTop = log.scrollHeight;
    };
    log.addEventListener('scroll', onScroll, { passive: true });
    log.addEventListener('load', onMediaLoad, true);
    return () => {
      log.removeEventListener('scroll', onScroll);
      log.removeEventListener('load', onMediaLoad, true);
    };
  }, [logRef]);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const last = rows.at(-1);
    const first = rows.at(0);
    const before = previous.current;
    const lastKey = last?.key ?? null;
    const firstKey = first?.key ?? null;
    if (
      before.lastKey === null ||
      (lastKey !== before.lastKey && (atBottom.current || last?.mine))
    ) {
      log.scrollTop = log.scrollHeight;
    } else if (firstKey !== before.firstKey && lastKey === before.lastKey) {
      // Older messages arrived above: the same message stays under the reader's eyes.
      log.scrollTop += log.scrollHeight - before.height;
    }
    previous.current = { lastKey, firstKey, height: log.scrollHeight };
  }, [logRef, rows, storedCount]);
}

/** Older messages load when the top of the log scrolls into view. */
function useLoadOlderOnScroll(
  logRef: React.RefObject<HTMLDivElement | null>,
  topRef: React.RefObject<HTMLDivElement | null>,
  enabled: boolean,
  loadOlder: () => void,
) {
  useEffect(() => {
    const root = logRef.current;
    const target = topRef.current;
    if (!enabled || !root || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled, loadOlder, logRef, topRef]);
}

function ThreadNotice({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-10 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-surface-3 text-primary">
        <MessageCircle className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-3 font-semibold">{title}</p>
      <p className="mt-1 max-w-xs text-sm text-muted">{text}</p>
    </div>
  );
}

function ThreadSkeleton() {
  const { t } = useLingui();
  return (
    <div
      role="status"
      aria-label={t`Loading messages`}
      className="flex flex-1 flex-col justify-end gap-3 overflow-hidden p-4"
    >
      {['w-1/2', 'ml-auto w-2/5', 'w-3/5', 'ml-auto w-1/3'].map((width) => (
        <Skeleton key={width} className={cn('h-12 rounded-2xl', width)} />
      ))}
    </div>
  );
}
