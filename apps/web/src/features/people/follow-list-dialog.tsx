import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, RotateCw, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogHeading } from '../../components/ui/dialog.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { Avatar, VerifiedBadge } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useFollowList } from './people-queries.ts';
import { personName } from './profile-display.ts';
import { profileHref } from '../post/index.ts';
import type { FollowListKind, UserSummary } from './types.ts';

/**
 * A wallet's followers or the wallets it follows, newest first, in a dialog; "Load more" reads
 * the next keyset page. Choosing a person opens their profile and closes the dialog.
 */
export function FollowListDialog({
  address,
  name,
  kind,
  onClose,
}: {
  address: string;
  name: string;
  /** The open list, or null when closed. */
  kind: FollowListKind | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      {kind && (
        <DialogContent className="max-h-[min(36rem,calc(100dvh-2rem))] grid-rows-[auto_minmax(0,1fr)]">
          <DialogHeading
            title={kind === 'followers' ? <Trans>Followers</Trans> : <Trans>Following</Trans>}
            description={
              kind === 'followers' ? (
                <Trans>People who follow {name}</Trans>
              ) : (
                <Trans>People {name} follows</Trans>
              )
            }
          />
          <FollowList address={address} kind={kind} onNavigate={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function FollowList({
  address,
  kind,
  onNavigate,
}: {
  address: string;
  kind: FollowListKind;
  onNavigate: () => void;
}) {
  const list = useFollowList(address, kind, true);
  const people = list.data?.pages.flatMap((page) => page.items) ?? [];

  if (list.isPending) return <ListSkeleton />;
  if (list.isError && people.length === 0) {
    const reason = errorMessage(list.error);
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center text-sm">
        <p className="text-muted">
          <Trans>Couldn’t load this list. {reason}</Trans>
        </p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          <RotateCw aria-hidden="true" />
          <Trans>Try Again</Trans>
        </Button>
      </div>
    );
  }
  if (people.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <Users className="size-6 text-subtle" aria-hidden="true" />
        <p className="text-sm text-muted">
          {kind === 'followers' ? (
            <Trans>No followers yet</Trans>
          ) : (
            <Trans>Not following anyone yet</Trans>
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="-mx-2 overflow-y-auto px-2" data-testid="follow-list">
      <ul className="flex flex-col">
        {people.map((person) => (
          <li key={person.id}>
            <PersonRow person={person} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <div className="flex justify-center pt-3" aria-live="polite">
        {list.isFetchingNextPage ? (
          <span className="inline-flex items-center gap-2 text-sm text-muted">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            <Trans>Loading more…</Trans>
          </span>
        ) : list.isFetchNextPageError ? (
          <Button variant="secondary" size="sm" onClick={() => void list.fetchNextPage()}>
            <RotateCw aria-hidden="true" />
            <Trans>Couldn’t load more. Try Again</Trans>
          </Button>
        ) : list.hasNextPage ? (
          <Button variant="ghost" size="sm" onClick={() => void list.fetchNextPage()}>
            <Trans>Load more</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function PersonRow({ person, onNavigate }: { person: UserSummary; onNavigate: () => void }) {
  const name = personName(person);
  return (
    <Link
      to={profileHref(person.solAddress)}
      onClick={onNavigate}
      className="flex items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-surface-2"
    >
      <Avatar name={name} src={person.avatarUrl} />
      <span className="flex min-w-0 flex-col">
        <span className="flex min-w-0 items-center gap-1 text-sm font-semibold">
          <span className="truncate">{name}</span>
          {person.isVerified && <VerifiedBadge />}
        </span>
        {person.username && (
          <span className="truncate text-xs text-subtle">@{person.username}</span>
        )}
      </span>
    </Link>
  );
}

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <RowsSkeleton
      label={t`Loading people`}
      rows={3}
      className="flex flex-col gap-3"
      lines={['h-4 w-32', 'h-3 w-20']}
    />
  );
}
