import { Trans, useLingui } from '@lingui/react/macro';
import { Clock, Lock, LockOpen, Sparkles, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useNow } from '../../lib/use-now.ts';
import { formatTimeLeft } from '../post/index.ts';
import { creatorName, participantsText, solOf } from './mystery-display.ts';
import type { MysteryVault } from './types.ts';

/**
 * One mystery: title, teaser, who made it, the countdown, participants and my contribution;
 * once opened (or to its creator) the content, the target and why it opened.
 */
export function MysteryCard({
  vault,
  onJoin,
  onDetails,
  headingLevel = 3,
}: {
  vault: MysteryVault;
  onJoin: (vault: MysteryVault) => void;
  onDetails?: (vault: MysteryVault) => void;
  headingLevel?: 2 | 3;
}) {
  const now = useNow(1000);
  const opened = vault.state === 'opened';
  const left = formatTimeLeft(vault.endsAt, now);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const mine = vault.myContribution && vault.myContribution !== '0' ? vault.myContribution : null;
  const creator = creatorName(vault);
  return (
    <article
      data-testid="mystery-card"
      data-state={vault.state}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface/70 p-4 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading className="text-base font-semibold break-words">{vault.title}</Heading>
          <p className="text-xs text-muted">
            <Trans>by {creator}</Trans>
          </p>
        </div>
        {opened ? (
          <Badge variant="success">
            <LockOpen className="size-3" aria-hidden="true" />
            <Trans>Opened</Trans>
          </Badge>
        ) : (
          <Badge variant="dum">
            <Lock className="size-3" aria-hidden="true" />
            <Trans>Mystery</Trans>
          </Badge>
        )}
      </div>
      <p className="text-sm break-words text-muted">{vault.teaser}</p>

      <MysteryContent vault={vault} opened={opened} />

      <MysteryFacts vault={vault} opened={opened} left={left} mine={mine} />

      <div className="flex flex-wrap gap-2">
        {!opened && !vault.isCreator && (
          <Button variant="dum" size="sm" onClick={() => onJoin(vault)}>
            <Sparkles aria-hidden="true" />
            <Trans>Join</Trans>
          </Button>
        )}
        {onDetails && (
          <Button variant="secondary" size="sm" onClick={() => onDetails(vault)}>
            <Trans>Details</Trans>
          </Button>
        )}
      </div>
    </article>
  );
}

/** What only its creator sees until it opens, and everyone after: text, image, audio. */
function MysteryContent({ vault, opened }: { vault: MysteryVault; opened: boolean }) {
  const { t } = useLingui();
  if (vault.body === null && !vault.imageUrl && !vault.audioUrl) return null;
  const title = vault.title;
  return (
    <div
      data-testid="mystery-content"
      className="flex flex-col gap-2 rounded-xl border border-dum/30 bg-dum/5 p-3"
    >
      {!opened && (
        <p className="text-xs font-semibold text-dum">
          <Trans>Only you can see this until it opens</Trans>
        </p>
      )}
      {vault.body && <p className="text-sm break-words whitespace-pre-wrap">{vault.body}</p>}
      {vault.imageUrl && (
        <img
          src={vault.imageUrl}
          alt={t`Hidden image of “${title}”`}
          className="max-h-80 w-full rounded-lg object-contain"
          loading="lazy"
        />
      )}
      {vault.audioUrl && (
        <audio
          controls
          src={vault.audioUrl}
          className="w-full"
          aria-label={t`Hidden audio of “${title}”`}
        />
      )}
    </div>
  );
}

/** Participants, time left (or why it opened), the target and what the viewer gave. */
function MysteryFacts({
  vault,
  opened,
  left,
  mine,
}: {
  vault: MysteryVault;
  opened: boolean;
  left: string | null;
  mine: string | null;
}) {
  const { t } = useLingui();
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
      <IconFact label={<Trans>Participants</Trans>} icon={Users}>
        {participantsText(vault.participantCount)}
      </IconFact>
      {opened ? (
        <IconFact label={<Trans>Opened</Trans>} icon={Sparkles}>
          {vault.openReason === 'target' ? t`Target reached` : t`Timer ended`}
        </IconFact>
      ) : (
        <IconFact label={<Trans>Time left</Trans>} icon={Clock}>
          {left ?? t`Opening…`}
        </IconFact>
      )}
      {vault.targetAmount !== null && (
        <div>
          <dt className="inline">{t`Target`} </dt>
          <dd className="inline font-mono">
            {vault.totalAmount !== null && `${solOf(vault.totalAmount)} / `}
            {solOf(vault.targetAmount)} SOL
          </dd>
        </div>
      )}
      {mine && (
        <div>
          <dt className="inline">{t`You gave`} </dt>
          <dd className="inline font-mono">{solOf(mine)} SOL</dd>
        </div>
      )}
    </dl>
  );
}

/** A fact shown as an icon and its value; the label is for screen readers. */
function IconFact({
  label,
  icon: Icon,
  children,
}: {
  label: ReactNode;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-1">
      <dt className="sr-only">{label}</dt>
      <Icon className="size-3.5" aria-hidden="true" />
      <dd>{children}</dd>
    </div>
  );
}
