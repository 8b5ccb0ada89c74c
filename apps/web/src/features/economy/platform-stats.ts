import { DUM_BASE_UNITS, abbreviateNumber, formatDumAmount, parseBaseUnits } from '@dum/core';
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
  const mintedPercent =
    minted > 0n && hundredths === 0n
      ? '<0.01%'
      : `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}%`;
  return {
    totalVibes: abbreviateNumber(stats.totalEvents),
    dumMined: abbreviateNumber(minted / DUM_BASE_UNITS),
    currentReward: formatDumAmount(reward),
    nextHalving: abbreviateNumber(stats.eventsUntilHalving),
    mintedFraction: Math.min(1, Number(hundredths) / 10_000),
    mintedPercent,
    minted: abbreviateNumber(minted / DUM_BASE_UNITS),
    maxSupply: abbreviateNumber(max / DUM_BASE_UNITS),
  };
}
