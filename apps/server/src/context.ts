import type { ChainClient, Localnet } from '@dum/chain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { EmissionSequencer } from './modules/emissions/sequencer.ts';
import type { EscrowDeps } from './modules/escrow/index.ts';
import type { EventBus } from './realtime/bus.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Everything a request handler or a service may depend on, built once in main.ts (or a test). */
export interface AppContext {
  config: Config;
  database: Database;
  /** Gives queued rewarded events their ledger rows (decision 010). */
  emissions: EmissionSequencer;
  /** Escrow vaults' dependencies, one set (and one program-config cache) per context. */
  escrow: EscrowDeps;
  /** Carries real-time events to every instance's sockets (in-process, or Redis pub/sub). */
  bus: EventBus;
  clock: Clock;
  /** Issues and verifies access tokens (modules/auth). */
  tokens: TokenService;
  /** Solana access (balances, transfer verification, airdrops) on the configured cluster. */
  chain: ChainClient;
  /** The embedded localnet when this process runs it (serves the browser's /rpc), else null. */
  localnet: Localnet | null;
  logger: FastifyBaseLogger;
  version: string;
}
