import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Check, History, Landmark, Link2, Share2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { BackToFeedHeader } from '../components/ui/back-header.tsx';
import { Card } from '../components/ui/card.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { ItemNotFound } from '../components/ui/not-found.tsx';
import { PostSkeleton } from '../components/ui/post-skeleton.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { LINK_COPIED_TOAST, useCopyToClipboard } from '../components/ui/use-copy-to-clipboard.ts';
import { toast } from '../components/ui/use-toast.ts';
import { usePost, useReferralCode } from '../features/post/index.ts';
import { errorMessage } from '../lib/error-message.ts';
import { PostCard } from '../features/post/index.ts';
import { postText } from '../features/post/index.ts';
import { shareText, tweetIntentUrl } from '../features/post/index.ts';
import type { FeedPost } from '../features/post/index.ts';
import { useViewer, type Viewer } from '../features/auth/index.ts';
import { LeaderboardHeading, LeaderboardList, SupportHistory } from '../features/vaults/index.ts';
import type { EscrowView } from '../features/vaults/index.ts';
import { useLeaderboard, useVault } from '../features/vaults/index.ts';
import type { VaultDetailView } from '../features/vaults/index.ts';
import { useWallet } from '../features/wallet/index.ts';
import { ApiError } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

// Escrow vaults read the program's reward rules (@solana/kit): loaded for them only.
const EscrowDeposits = lazy(() =>
  import('../features/vaults/escrow-entry.ts').then((m) => ({ default: m.EscrowDeposits })),
);

/**
 * A vault on its own page (/vaults/:id): the post with its progress panel, the full
 * leaderboard, the support history with each transaction on the cluster's explorer, and share.
 */
export function VaultDetailPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const viewer = useViewer();
  const vault = useVault(id);
  // The post through the feed's own query, so likes and comments update it in place; a post
  // hidden by moderation (or deleted) since the vault was read answers 404 there, and the vault
  // page then answers as the post's page does.
  const post = usePost(vault.data?.postId ?? '', viewer.userId, vault.data !== undefined);
  const escrow = vault.data?.kind === 'escrow' ? (vault.data.escrow ?? null) : null;
  const notFound = isNotFound(vault.error) || isNotFound(post.error);
  useDocumentTitle(notFound ? t`Vault not found` : t`Vault`);

  if (notFound) return <VaultNotFound />;

  return (
    <div className="mx-auto w-full max-w-2xl xl:max-w-5xl">
      <BackToFeedHeader title={t`Vault`}>
        {vault.data && <VaultShare vaultId={id} text={postText(vault.data.post)} />}
      </BackToFeedHeader>
      {vault.isPending ? (
        <VaultSkeleton />
      ) : vault.isError ? (
        <LoadError
          title={t`Couldn’t load this vault`}
          message={errorMessage(vault.error)}
          onRetry={() => void vault.refetch()}
        />
      ) : (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <VaultPost post={post.data ?? vault.data.post} viewer={viewer} />
          {escrow ? (
            <EscrowSide escrow={escrow} deposits={vault.data.deposits} />
          ) : (
            <DirectSide
              vaultId={id}
              supports={vault.data.supports}
              supporterCount={vault.data.supporterCount}
            />
          )}
        </div>
      )}
    </div>
  );
}

/** An escrow vault's side column: its deposits, from the server's index. */
function EscrowSide({
  escrow,
  deposits,
}: {
  escrow: EscrowView;
  deposits: VaultDetailView['deposits'];
}) {
  const participants = escrow.participantCount;
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-5">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <Landmark className="size-4 text-dum" aria-hidden="true" />
          <Trans>Deposits</Trans>
          <span className="ml-auto font-mono text-xs font-normal text-muted tabular-nums">
            <Plural value={participants} one="# participant" other="# participants" />
          </span>
        </h2>
        <div className="mt-2">
          <Suspense fallback={<ListSkeleton />}>
            <EscrowDeposits escrow={escrow} deposits={deposits} />
          </Suspense>
        </div>
      </Card>
    </div>
  );
}

/** A direct vault's side column: the full leaderboard and the support history. */
function DirectSide({
  vaultId,
  supports,
  supporterCount,
}: {
  vaultId: string;
  supports: VaultDetailView['supports'];
  supporterCount: number;
}) {
  const leaderboard = useLeaderboard(vaultId, true);
  const { config } = useWallet();
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-5">
        <LeaderboardHeading />
        <div className="mt-2">
          {leaderboard.isPending ? (
            <ListSkeleton />
          ) : leaderboard.isError ? (
            <p className="text-sm text-muted">
              <Trans>Couldn’t load the leaderboard.</Trans>
            </p>
          ) : (
            <LeaderboardList entries={leaderboard.data} supporterCount={supporterCount} />
          )}
        </div>
      </Card>
      <Card className="p-5">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <History className="size-4 text-primary" aria-hidden="true" />
          <Trans>Support history</Trans>
        </h2>
        <div className="mt-2">
          <SupportHistory supports={supports} cluster={config?.cluster} rpcUrl={config?.rpcUrl} />
        </div>
      </Card>
    </div>
  );
}

function isNotFound(error: Error | null): boolean {
  return error instanceof ApiError && [400, 404].includes(error.status);
}

function VaultPost({ post, viewer }: { post: FeedPost; viewer: Viewer }) {
  const referralCode = useReferralCode(viewer.isAuthenticated);
  return (
    <div className="min-w-0">
      <PostCard post={post} viewer={viewer} referralCode={referralCode} />
    </div>
  );
}

function VaultShare({ vaultId, text }: { vaultId: string; text: string }) {
  const { t } = useLingui();
  const { copied, copy: copyText } = useCopyToClipboard(LINK_COPIED_TOAST);
  const link = () => new URL(`/vaults/${encodeURIComponent(vaultId)}`, window.location.origin).href;

  const copy = () => copyText(link());

  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          window.open(tweetIntentUrl(shareText(text), link()), '_blank', 'noopener,noreferrer');
          toast({ title: t`Sharing to Twitter` });
        }}
      >
        <Share2 aria-hidden="true" />
        <Trans>Share</Trans>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
        {copied ? <Trans>Copied</Trans> : <Trans>Copy Link</Trans>}
      </Button>
    </div>
  );
}

function VaultNotFound() {
  const { t } = useLingui();
  return (
    <ItemNotFound
      title={t`Vault not found`}
      reason={t`This vault does not exist, or its post was deleted by its creator.`}
      backTo="/my-vaults"
      backLabel={t`Go to My Vaults`}
    />
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3 py-1">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center justify-between gap-3">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}

function VaultSkeleton() {
  const { t } = useLingui();
  return (
    <div
      role="status"
      aria-label={t`Loading vault`}
      className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <PostSkeleton>
        <Skeleton className="mt-4 h-5 w-full" />
        <Skeleton className="mt-2 h-5 w-3/4" />
        <Skeleton className="mt-6 h-32 w-full rounded-xl" />
      </PostSkeleton>
      <div className="flex flex-col gap-6">
        <Skeleton className="h-40 w-full rounded-card" />
        <Skeleton className="h-40 w-full rounded-card" />
      </div>
    </div>
  );
}
