/**
 * Escrow vaults' wire shapes under the web app's names: the types of their zod schemas in
 * @dum/core (vault-schemas.ts), imported as types only. A vault post whose SOL is held by our
 * vault program; lamport and DUM amounts are decimal strings of base units, timestamps unix
 * seconds as strings.
 */
import type { EscrowSummary } from '@dum/core';
import type { PostVault } from '../post/index.ts';

export type {
  EscrowDeposit as EscrowDepositView,
  EscrowSummary as EscrowView,
  MyDepositItem as MyDepositItemView,
  MyDepositsResponse as MyDepositsView,
} from '@dum/core';

/** A vault known to be an escrow one (kind 'escrow' with its chain facts). */
export type EscrowVault = PostVault & { kind: 'escrow'; escrow: EscrowSummary };

export function isEscrowVault(vault: PostVault | null | undefined): vault is EscrowVault {
  return vault?.kind === 'escrow' && vault.escrow != null;
}
