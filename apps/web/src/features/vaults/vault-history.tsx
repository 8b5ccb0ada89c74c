import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, Medal, Trophy } from 'lucide-react';
import { CopyIconButton } from '../../components/ui/copy-icon-button.tsx';
import { cn } from '../../lib/cn.ts';
import { ProfileLink } from '../post/index.ts';
import { formatRelativeTime } from '../post/index.ts';
import { useNow } from '../../lib/use-now.ts';
import { explorerTxUrl, shortSignature, solText, supporterName } from './vault-display.ts';
import type { LeaderboardEntryView, VaultSupportView, VaultUserView } from './vault-types.ts';

const MEDAL = ['text-dum', 'text-foreground/80', 'text-accent'] as const;

/**
 * The full leaderboard of a vault: supporters ranked by total given. Wallets that paid through a
 * blink and never signed in are counted in `supporterCount` but not named (they have no
 * profile): they are said in one line instead.
 */
export function LeaderboardList({
  entries,
  supporterCount = entries.length,
}: {
  entries: LeaderboardEntryView[];
  supporterCount?: number;
}) {
  const unnamed = Math.max(0, supporterCount - entries.length);
  const unnamedLine =
    unnamed > 0 ? (
      <p className="py-2 text-sm text-muted">
        <Plural
          value={unnamed}
          one="1 wallet backed it through a blink without joining Dum Club."
          other="# wallets backed it through a blink without joining Dum Club."
        />
      </p>
    ) : null;
  if (entries.length === 0) {
    return (
      unnamedLine ?? (
        <p className="py-2 text-sm text-muted">
          <Trans>No supporters yet. Be the first to back this vault!</Trans>
        </p>
      )
    );
  }
  return (
    <>
      <LeaderboardEntries entries={entries} />
      {unnamedLine}
    </>
  );
}

function LeaderboardEntries({ entries }: { entries: LeaderboardEntryView[] }) {
  const { t } = useLingui();
  const rankLabel = (rank: number) => t`Rank ${rank}`;
  return (
    <ol className="flex flex-col divide-y divide-border/60" data-testid="vault-leaderboard">
      {entries.map((entry, index) => (
        <li key={entry.id} className="flex items-center justify-between gap-3 py-2.5">
          <span className="flex min-w-0 items-center gap-3">
            <span className="grid w-6 shrink-0 place-items-center font-mono text-xs text-subtle">
              {index < 3 ? (
                <Medal className={cn('size-4', MEDAL[index])} aria-label={rankLabel(index + 1)} />
              ) : (
                index + 1
              )}
            </span>
            <span className="flex min-w-0 flex-col">
              <SupporterLink supporter={entry.supporter} />
              <span className="text-xs text-subtle">
                <Plural value={entry.supports} one="# support" other="# supports" />
              </span>
            </span>
          </span>
          <span className="shrink-0 font-mono text-sm tabular-nums">
            {solText(entry.total)} SOL
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A supporter's name, linking to their profile. */
function SupporterLink({ supporter }: { supporter: VaultUserView }) {
  return (
    <ProfileLink address={supporter.walletAddress} className="truncate text-sm font-medium">
      {supporterName(supporter)}
    </ProfileLink>
  );
}

export function LeaderboardHeading() {
  return (
    <h2 className="flex items-center gap-2 text-base font-semibold">
      <Trophy className="size-4 text-dum" aria-hidden="true" />
      <Trans>Leaderboard</Trans>
    </h2>
  );
}

/** Every support, newest first, with its transaction on the cluster's explorer. */
export function SupportHistory({
  supports,
  cluster,
  rpcUrl,
}: {
  supports: VaultSupportView[];
  cluster: string | undefined;
  rpcUrl: string | undefined;
}) {
  const now = useNow(30_000);
  if (supports.length === 0) {
    return (
      <p className="py-2 text-sm text-muted">
        <Trans>No supports yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border/60" data-testid="vault-support-history">
      {supports.map((support) => (
        <li key={support.id} className="flex flex-col gap-1 py-2.5">
          <div className="flex items-center justify-between gap-3">
            <SupporterLink supporter={support.supporter} />
            <span className="shrink-0 font-mono text-sm tabular-nums text-dum">
              +{solText(support.amount)} SOL
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-subtle">
            <time dateTime={support.createdAt}>{formatRelativeTime(support.createdAt, now)}</time>
            <SignatureLink
              signature={support.transactionSignature}
              cluster={cluster}
              rpcUrl={rpcUrl}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

function SignatureLink({
  signature,
  cluster,
  rpcUrl,
}: {
  signature: string;
  cluster: string | undefined;
  rpcUrl: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <span className="inline-flex items-center gap-1">
      {cluster && rpcUrl ? (
        <a
          href={explorerTxUrl(signature, cluster, rpcUrl)}
          target="_blank"
          rel="noopener noreferrer"
          title={signature}
          className="inline-flex items-center gap-1 rounded-sm font-mono hover:text-muted hover:underline"
        >
          {shortSignature(signature)}
          <ExternalLink className="size-3" aria-hidden="true" />
          <span className="sr-only">
            <Trans>(view the transaction on the explorer)</Trans>
          </span>
        </a>
      ) : (
        <span className="font-mono" title={signature}>
          {shortSignature(signature)}
        </span>
      )}
      <CopyIconButton
        text={signature}
        label={t`Copy transaction signature`}
        copiedLabel={t`Signature copied`}
        className="size-6"
        iconClassName="size-3"
      />
    </span>
  );
}
