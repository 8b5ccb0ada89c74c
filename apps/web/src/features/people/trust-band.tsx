import type { TrustBand } from '@dum/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { Badge, type BadgeProps } from '../../components/ui/badge.tsx';

const BAND_LABEL = {
  seed: msg`Seed`,
  trusted: msg`Trusted`,
  building: msg`Building`,
  new: msg`New`,
} satisfies Record<TrustBand, unknown>;

const BAND_VARIANT: Record<TrustBand, NonNullable<BadgeProps['variant']>> = {
  seed: 'dum',
  trusted: 'success',
  building: 'default',
  new: 'outline',
};

/**
 * A profile's trust band (the server's, never a score) as a small labelled chip, with one line
 * on how trust is earned: the engagements trust is computed from (modules/trust's edges), said
 * to the wallet's owner as "your" and to anyone else as "their".
 */
export function TrustBandLine({ band, own }: { band: TrustBand; own: boolean }) {
  const { i18n } = useLingui();
  const label = i18n._(BAND_LABEL[band]);
  return (
    <div
      className="mt-3 flex flex-col items-start gap-1.5 sm:flex-row sm:items-center sm:gap-3"
      data-testid="profile-trust"
      data-band={band}
    >
      <Badge variant={BAND_VARIANT[band]}>
        <ShieldCheck className="size-3.5" aria-hidden="true" />
        <Trans>Trust: {label}</Trans>
      </Badge>
      <p className="text-xs text-muted">
        {own ? (
          <Trans>
            Trust grows when trusted members like, comment on, support or tip your posts, or follow
            you.
          </Trans>
        ) : (
          <Trans>
            Trust grows when trusted members like, comment on, support or tip their posts, or follow
            them.
          </Trans>
        )}
      </p>
    </div>
  );
}
