import { t } from '@lingui/core/macro';
import type { ActivityItem, ActivityParams } from '@dum/core';
import { formatDum, formatNumber, formatSol } from '../../lib/i18n/format.ts';

/**
 * A Live Activity line in the active language, worded from its params. A line without params
 * (written before they existed) or of a kind this build does not know keeps the server's
 * English message rather than showing nothing.
 */
export function activityText(item: Pick<ActivityItem, 'message' | 'params'>): string {
  return (item.params && paramsText(item.params)) ?? item.message;
}

function paramsText(params: ActivityParams): string | null {
  switch (params.kind) {
    case 'action':
      return actionText(
        params.name,
        params.action,
        params.dum === undefined ? null : formatDum(BigInt(params.dum), 0),
      );
    case 'referral': {
      const { name } = params;
      const amount = formatDum(BigInt(params.dum), 0);
      return t`${name} joined through a referral · +${amount} DUM to their friend`;
    }
    case 'halving': {
      const epoch = formatNumber(BigInt(params.epoch));
      const amount = formatDum(BigInt(params.dum), 0);
      return t`Halving! Epoch ${epoch} begins: ${amount} DUM per vibe`;
    }
    case 'events_milestone': {
      const count = formatNumber(BigInt(params.count));
      return t`${count} vibes mined on Dum Club`;
    }
    case 'supply_milestone': {
      const millions = formatNumber(BigInt(params.millions));
      return t`${millions}M DUM mined`;
    }
    case 'vault_unlocked': {
      const { name } = params;
      const amount = formatSol(BigInt(params.lamports));
      return t`${name}'s vault unlocked with ${amount} SOL`;
    }
    case 'mystery_opened': {
      const { name, title } = params;
      return t`${name}'s mystery vault “${title}” opened`;
    }
    default:
      return null;
  }
}

/**
 * "ana posted a vibe · +150 DUM", per rewarded event kind (core's RewardedEventKind); `amount`
 * is the DUM it minted, null when none. Each form is a whole sentence, so a translation can order
 * its parts as its language needs.
 */
function actionText(name: string, action: string, amount: string | null): string | null {
  switch (action) {
    case 'post_created':
      return amount === null ? t`${name} posted a vibe` : t`${name} posted a vibe · +${amount} DUM`;
    case 'comment_created':
      return amount === null ? t`${name} commented` : t`${name} commented · +${amount} DUM`;
    case 'reply_created':
      return amount === null ? t`${name} replied` : t`${name} replied · +${amount} DUM`;
    case 'like_given':
      return amount === null ? t`${name} liked a vibe` : t`${name} liked a vibe · +${amount} DUM`;
    case 'vault_created':
      return amount === null
        ? t`${name} created a vault`
        : t`${name} created a vault · +${amount} DUM`;
    case 'vault_supported':
      return amount === null
        ? t`${name} supported a vault`
        : t`${name} supported a vault · +${amount} DUM`;
    case 'follow':
      return amount === null
        ? t`${name} followed someone`
        : t`${name} followed someone · +${amount} DUM`;
    case 'referral_joined':
      return amount === null
        ? t`${name} joined through a referral`
        : t`${name} joined through a referral · +${amount} DUM`;
    case 'tip':
      return amount === null ? t`${name} sent a tip` : t`${name} sent a tip · +${amount} DUM`;
    case 'poll_voted':
      return amount === null
        ? t`${name} voted in a poll`
        : t`${name} voted in a poll · +${amount} DUM`;
    case 'repost_given':
      return amount === null
        ? t`${name} reposted a vibe`
        : t`${name} reposted a vibe · +${amount} DUM`;
    case 'quote_created':
      return amount === null ? t`${name} quoted a vibe` : t`${name} quoted a vibe · +${amount} DUM`;
    default:
      return null;
  }
}
