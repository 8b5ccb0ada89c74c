import type { ConversationFolder } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Inbox, ShieldQuestion } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { BusyButton } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { errorMessage } from '../../lib/error-message.ts';
import {
  answerRequest,
  conversationFolderKey,
  messagesPath,
  refreshConversations,
  type ListFolder,
} from './messages-queries.ts';
import { unreadBadgeText } from './unread-count.ts';
import { EmptyPane } from './empty-pane.tsx';

/**
 * Message requests, as X and Bluesky keep them: messages from wallets the viewer does not follow
 * and that are not trusted wait in a folder of their own, unannounced, until accepted (or
 * replied to) or deleted (docs/api.md "Messages").
 */

const FOLDER_LINK_CLASS =
  'inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors motion-reduce:transition-none';

/** Inbox | Requests (with the number waiting), above the list. */
export function FolderTabs({ folder, requestCount }: { folder: ListFolder; requestCount: number }) {
  const { t } = useLingui();
  const link = (target: ListFolder) =>
    cn(
      FOLDER_LINK_CLASS,
      folder === target ? 'bg-surface-3 text-foreground' : 'text-muted hover:text-foreground',
    );
  return (
    <nav aria-label={t`Message folders`} className="border-b border-border p-2">
      <div className="flex rounded-xl border border-border bg-surface/70 p-1">
        <Link
          to={messagesPath('inbox')}
          aria-current={folder === 'inbox' ? 'page' : undefined}
          className={link('inbox')}
        >
          <Trans>Inbox</Trans>
        </Link>
        <Link
          to={messagesPath('requests')}
          aria-current={folder === 'requests' ? 'page' : undefined}
          className={link('requests')}
          data-testid="requests-tab"
        >
          <Trans>Requests</Trans>
          {requestCount > 0 && (
            <span className="grid h-5 min-w-5 place-items-center rounded-full bg-surface-2 px-1.5 text-[11px] font-bold text-foreground tabular-nums ring-1 ring-border">
              {unreadBadgeText(requestCount)}
              <span className="sr-only">
                <Trans> waiting</Trans>
              </span>
            </span>
          )}
        </Link>
      </div>
    </nav>
  );
}

/** What the Requests folder is, above its list. */
export function RequestsIntro() {
  return (
    <p className="px-4 pt-3 text-xs text-muted">
      <Trans>
        From wallets you don’t follow. They won’t know you’ve read their messages until you accept.
      </Trans>
    </p>
  );
}

export function EmptyRequests() {
  return (
    <EmptyPane
      kind="list"
      icon={<Inbox className="size-6" aria-hidden="true" />}
      title={<Trans>No message requests</Trans>}
      text={
        <Trans>
          When a wallet you don’t follow writes to you, its message waits here until you accept it.
        </Trans>
      }
    />
  );
}

/** The desktop's right pane while the Requests list shows and no request is open. */
export function NoRequestOpen() {
  return (
    <EmptyPane
      kind="pane"
      icon={<ShieldQuestion className="size-7" aria-hidden="true" />}
      title={<Trans>Message requests</Trans>}
      text={<Trans>Open one to read it. Nobody is told you did until you accept.</Trans>}
    />
  );
}

/**
 * Above the composer of a request (or of a request deleted before): Accept moves the chat to the
 * inbox, where the thread then reads it and later messages notify; Delete hides it and goes back
 * to Requests. Replying accepts as well (the server moves it).
 */
export function RequestPanel({
  address,
  name,
  folder,
  viewerId,
}: {
  address: string;
  name: string;
  folder: Exclude<ConversationFolder, 'inbox'>;
  viewerId: string | null;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const answer = useMutation({
    mutationFn: (choice: 'accept' | 'decline') => answerRequest(address, choice),
    onSuccess: (state, choice) => {
      queryClient.setQueryData(conversationFolderKey(viewerId, address), state);
      refreshConversations(queryClient);
      if (choice === 'decline') {
        toast({ title: t`Request deleted`, description: t`${name} stays out of your inbox.` });
        void navigate(messagesPath('requests'));
      }
    },
  });
  const busy = answer.isPending ? answer.variables : null;

  return (
    <section
      aria-labelledby="request-heading"
      data-testid="request-panel"
      className="border-t border-border bg-surface-2/60 px-3 py-3 sm:px-4"
    >
      <RequestExplanation folder={folder} name={name} />
      {answer.isError && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {errorMessage(answer.error)}
        </p>
      )}
      <div className="mt-3 flex justify-end gap-2">
        {folder === 'requests' && (
          <BusyButton
            variant="outline"
            size="sm"
            busy={busy === 'decline'}
            busyLabel={t`Deleting…`}
            disabled={answer.isPending}
            onClick={() => answer.mutate('decline')}
          >
            <Trans>Delete</Trans>
          </BusyButton>
        )}
        <BusyButton
          size="sm"
          busy={busy === 'accept'}
          busyLabel={t`Accepting…`}
          disabled={answer.isPending}
          onClick={() => answer.mutate('accept')}
        >
          <Trans>Accept</Trans>
        </BusyButton>
      </div>
    </section>
  );
}

/** What a request (or a deleted one) is, and what accepting does. */
function RequestExplanation({
  folder,
  name,
}: {
  folder: Exclude<ConversationFolder, 'inbox'>;
  name: string;
}) {
  return (
    <>
      <h3 id="request-heading" className="flex items-center gap-2 text-sm font-semibold">
        <ShieldQuestion className="size-4 text-primary" aria-hidden="true" />
        {folder === 'requests' ? (
          <Trans>Message request</Trans>
        ) : (
          <Trans>You deleted this request</Trans>
        )}
      </h3>
      <p className="mt-1 text-sm text-muted">
        {folder === 'requests' ? (
          <Trans>
            You don’t follow {name}. Accept to move this chat to your inbox: they won’t know you’ve
            read it until then. Replying accepts too.
          </Trans>
        ) : (
          <Trans>
            New messages from {name} stay out of your inbox. Accept to move this chat there.
          </Trans>
        )}
      </p>
    </>
  );
}
