/**
 * The emissions slice's public face: its routes, and what other slices may use to queue
 * rewarded events, mint bonuses and sequence events (docs/decisions/010-emission-sequencer.md).
 * Nothing else in this folder is imported from outside it.
 */
export {
  lockEmissionState,
  recordBonusMint,
  recordRewardedEvent,
  vaultUnlockedLine,
  writeActivity,
  type QueueResult,
  type RewardedEvent,
  type Tx,
} from './ledger.ts';
export { emissionsRoutes } from './routes.ts';
export { createEmissionSequencer, type EmissionSequencer } from './sequencer.ts';
