import { useQuery } from '@tanstack/react-query';
import type { LeaderboardEntryView, MyVaultsView, VaultDetailView } from './vault-types.ts';

/**
 * Query keys start with the API path, so the realtime client's invalidations
 * (/api/vaults, the vault by id, its leaderboard) reach them, and the default query function
 * GETs the joined key.
 */
export const VAULTS_ROOT = '/api/vaults';

export function vaultKey(vaultId: string) {
  return [VAULTS_ROOT, vaultId] as const;
}

export function leaderboardKey(vaultId: string) {
  return [VAULTS_ROOT, vaultId, 'leaderboard'] as const;
}

export function myVaultsKey(mine: 'created' | 'supported') {
  return [VAULTS_ROOT, { mine }] as const;
}

export function useVault(vaultId: string) {
  return useQuery<VaultDetailView>({ queryKey: vaultKey(vaultId) });
}

export function useLeaderboard(vaultId: string, enabled = true) {
  return useQuery<LeaderboardEntryView[]>({ queryKey: leaderboardKey(vaultId), enabled });
}

export function useMyVaults(mine: 'created' | 'supported', enabled: boolean) {
  return useQuery<MyVaultsView>({ queryKey: myVaultsKey(mine), enabled });
}

/** GET /api/config's flag; absent (not loaded, or an older server) means off. */
export function vaultsEnabledIn(config: unknown): boolean {
  return (
    typeof config === 'object' &&
    config !== null &&
    (config as { vaultsEnabled?: unknown }).vaultsEnabled === true
  );
}
