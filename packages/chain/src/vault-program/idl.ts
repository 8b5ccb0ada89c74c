import { CHAIN_ERROR_MESSAGES, idlFetchFailedMessage } from './errors.ts';

/**
 * The program's contract definition: an Anchor-style IDL served statically by the web app
 * (apps/web/public/idl/dum_vault.json → /idl/dum_vault.json), fetched without cache (a redeployed
 * program is seen at once) and validated for name and instructions.
 */

export const VAULT_IDL_PATH = '/idl/dum_vault.json';

export interface IdlInstruction {
  name: string;
  discriminator: number[];
  accounts: { name: string; writable?: boolean; signer?: boolean }[];
  args: { name: string; type: unknown }[];
}

export interface VaultIdl {
  address?: string;
  metadata: { name: string; version?: string; spec?: string };
  instructions: IdlInstruction[];
  accounts?: { name: string; discriminator: number[] }[];
  errors?: { code: number; name: string; msg: string }[];
  types?: { name: string; type: unknown }[];
}

/** Accepts the Anchor 0.30 shape (metadata.name) and the older one (top-level name). */
export function validateIdl(value: unknown): VaultIdl {
  if (typeof value !== 'object' || value === null) {
    throw new Error(CHAIN_ERROR_MESSAGES.invalidIdl);
  }
  const candidate = value as {
    name?: unknown;
    metadata?: { name?: unknown };
    instructions?: unknown;
  };
  const name = candidate.metadata?.name ?? candidate.name;
  if (typeof name !== 'string' || name.length === 0 || !Array.isArray(candidate.instructions)) {
    throw new Error(CHAIN_ERROR_MESSAGES.invalidIdl);
  }
  const idl = value as VaultIdl;
  return candidate.metadata ? idl : { ...idl, metadata: { name } };
}

export async function fetchVaultIdl(
  url: string = VAULT_IDL_PATH,
  fetchImpl: typeof fetch = fetch,
): Promise<VaultIdl> {
  // `cache` is a browser option (absent from Node's RequestInit type): never reuse a stored copy.
  const init: RequestInit & { cache?: 'no-store' } = { cache: 'no-store' };
  const response = await fetchImpl(url, init);
  if (!response.ok) throw new Error(idlFetchFailedMessage(response.status));
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(CHAIN_ERROR_MESSAGES.invalidIdl);
  }
  return validateIdl(body);
}
