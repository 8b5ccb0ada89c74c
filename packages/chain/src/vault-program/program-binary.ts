import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The committed build (programs/vault/dist/dum_vault.so): `npm start` needs no compiler. */
export const VAULT_PROGRAM_SO_PATH = fileURLToPath(
  new URL('../../../../programs/vault/dist/dum_vault.so', import.meta.url),
);

export function readVaultProgram(): Uint8Array {
  return new Uint8Array(readFileSync(VAULT_PROGRAM_SO_PATH));
}
