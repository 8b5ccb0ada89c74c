import { DUM_BASE_UNITS, parseBaseUnits } from '@dum/core';
import { formatDecimal, formatDum } from '../../lib/i18n/index.ts';
import { abbreviated } from './number-text.ts';
import type { PlatformStats } from './economy-queries.ts';

export interface PlatformStatsView {
  totalVibes: string;
  dumMined: string;
  currentReward: string;
  nextHalving: string;
  /** Supply minted, for the bar: 0..1. */
  mintedFraction: number;
  /** "12.34%"; "<0.01%" while something but less than 0.01% is minted. */
  mintedPercent: string;
  minted: string;
  maxSupply: string;
}

/**
 * What the Platform Stats card shows, numbers abbreviated with K and M. DUM amounts arrive in base units and are shown in whole DUM, except the reward per
 * event, which keeps its decimals once halvings make it fractional.
 */
export function platformStatsView(stats: PlatformStats): PlatformStatsView {
  const minted = parseBaseUnits(stats.totalMinted) ?? 0n;
  const max = parseBaseUnits(stats.maxSupply) ?? 0n;
  const reward = parseBaseUnits(stats.currentReward) ?? 0n;
  // Hundredths of a percent, exact: 10_000 is 100%.
  const hundredths = max > 0n ? (minted * 10_000n) / max : 0n;
  const percent = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
  const mintedPercent =
    minted > 0n && hundredths === 0n
      ? `<${formatDecimal('0.01', 2, 2)}%`
      : `${formatDecimal(percent, 2, 2)}%`;
  return {
    totalVibes: abbreviated(stats.totalEvents),
    dumMined: abbreviated(minted / DUM_BASE_UNITS),
    currentReward: formatDum(reward),
    nextHalving: abbreviated(stats.eventsUntilHalving),
    mintedFraction: Math.min(1, Number(hundredths) / 10_000),
    mintedPercent,
    minted: abbreviated(minted / DUM_BASE_UNITS),
    maxSupply: abbreviated(max / DUM_BASE_UNITS),
  };
}
