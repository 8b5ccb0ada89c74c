import { Trans, useLingui } from '@lingui/react/macro';
import { MessageCircle, PenSquare } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import type { Viewer } from '../auth/index.ts';
import { ConversationList } from './conversation-list.tsx';
import { FolderTabs, NoRequestOpen } from './message-requests.tsx';
import { MessageThread } from './message-thread.tsx';
import { listFolderOf } from './messages-queries.ts';
import { NewMessageDialog } from './new-message-dialog.tsx';
import { useMessageCounts } from './unread-count.ts';
import { ConnectPrompt } from '../auth/index.ts';
import { EmptyPane } from './empty-pane.tsx';
import { PageHeading } from '../../components/ui/page-title.tsx';

/**
 * Messages. Large screens: the conversations beside the open thread. Phones: two screens,
 * the list at /messages and the thread at /messages/{walletAddress} (with a way back). The list
 * is the inbox, or with `?folder=requests` the message requests.
 */
export function MessagesScreen({ address, viewer }: { address: string | null; viewer: Viewer }) {
  const { t } = useLingui();
  const [composing, setComposing] = useState(false);
  const startNew = () => setComposing(true);
  const [params] = useSearchParams();
  const folder = listFolderOf(params);
  const { requestCount } = useMessageCounts(viewer.userId, viewer.isAuthenticated);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col">
      <header
        className={cn('mb-4 flex items-end justify-between gap-3', address && 'max-lg:sr-only')}
      >
        <div>
          <PageHeading
            icon={<MessageCircle className="size-6 text-primary" aria-hidden="true" />}
            title={<Trans>Messages</Trans>}
            subtitle={
              <Trans>Private conversations between wallets, with SOL tips verified on chain.</Trans>
            }
            subtitleClassName="max-sm:hidden"
          />
        </div>
        {viewer.isAuthenticated && (
          <Button size="sm" onClick={startNew}>
            <PenSquare aria-hidden="true" />
            <Trans>New message</Trans>
          </Button>
        )}
      </header>

      {!viewer.isAuthenticated ? (
        <ConnectPrompt viewer={viewer} title={t`Connect your wallet to see your messages`}>
          <Trans>
            Only the two wallets in a conversation can read it: sign in with yours to open your
            inbox.
          </Trans>
        </ConnectPrompt>
      ) : (
        <div
          data-testid="messages-panes"
          className={cn(
            'grid min-h-[26rem] overflow-hidden rounded-card border border-border bg-surface/70 grid-cols-[minmax(0,1fr)] lg:h-[calc(100dvh-15rem)] lg:grid-cols-[20rem_minmax(0,1fr)] xl:grid-cols-[22rem_minmax(0,1fr)]',
            // Phones: the list screen has the page heading above it, the thread screen not.
            address ? 'h-[calc(100dvh-13rem)]' : 'h-[calc(100dvh-16.5rem)]',
          )}
        >
          <div
            className={cn(
              'min-h-0 flex-col border-border lg:flex lg:border-r',
              address ? 'hidden' : 'flex',
            )}
          >
            <FolderTabs folder={folder} requestCount={requestCount} />
            <ConversationList
              key={folder}
              viewerId={viewer.userId}
              folder={folder}
              selected={address}
              onNewMessage={startNew}
            />
          </div>
          <div className={cn('min-h-0 flex-col', address ? 'flex' : 'hidden lg:flex')}>
            {address ? (
              <MessageThread key={address} address={address} folder={folder} viewer={viewer} />
            ) : folder === 'requests' ? (
              <NoRequestOpen />
            ) : (
              <NoThreadOpen />
            )}
          </div>
        </div>
      )}
      {viewer.isAuthenticated && (
        <NewMessageDialog
          open={composing}
          onOpenChange={setComposing}
          viewerWallet={viewer.wallet}
        />
      )}
    </div>
  );
}

function NoThreadOpen() {
  return (
    <EmptyPane
      kind="pane"
      vibe
      icon={<MessageCircle className="size-7" aria-hidden="true" />}
      title={<Trans>Your messages</Trans>}
      text={
        <Trans>Pick a conversation, or start a new one. Tips arrive as real SOL transfers.</Trans>
      }
    />
  );
}
