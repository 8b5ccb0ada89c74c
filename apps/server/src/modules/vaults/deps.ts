import type { ChainClient } from '@dum/chain';
import type { SliceBaseDeps } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import type { VaultFactsRow } from './repo.ts';
import type { SupportWriter } from './support-writer.ts';

/** What the vaults' logic needs; built once from the app context (routes.ts). */
export interface VaultDeps extends SliceBaseDeps {
  bus: EventBus;
  chain: ChainClient;
  enabled: boolean;
  /** Gives the events a support queues their rewards (modules/emissions). */
  emissions: EmissionSequencer;
  /** Immutable vault facts by id (creator, end, target), so a support reads none of them. */
  facts: Map<string, VaultFactsRow>;
  /**
   * Each vault's supporters as this instance last knew them (the real-time audience of its
   * supports). A vault's supporters only grow, so the copy is current when its size matches
   * the supporter count a support answers; otherwise it is read again.
   */
  supporters: Map<string, Set<string>>;
  /** Records supports, together when they arrive together (group commit). */
  supports: SupportWriter;
}

export interface VaultViewer {
  id: string;
  solAddress: string;
}
