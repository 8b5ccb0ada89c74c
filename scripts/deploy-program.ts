/**
 * `npm run program:deploy -- [options]`: deploys the vault program (programs/vault/dist/
 * dum_vault.so) to any cluster through the BPF Loader Upgradeable (buffer, write,
 * DeployWithMaxDataLen), or upgrades it where it already runs, then optionally initialises its
 * config. The localnet loads the program by itself; this is for devnet or any other cluster.
 *
 *   --url <rpc>               JSON-RPC endpoint (default http://127.0.0.1:8899)
 *   --keypair <file>          payer and upgrade authority, Solana CLI JSON
 *                             (default ~/.config/solana/id.json)
 *   --program-keypair <file>  the program's address key; created (mode 0600) when missing
 *                             (default .data/keys/dum_vault-program.json)
 *   --program-id <address>    upgrade the program at this address (no keypair needed)
 *   --so <file>               the build to deploy (default: the committed one)
 *   --max-data-len <bytes>    room for upgrades (default twice the program)
 *   --init-config             initialise the config with the keypair as authority
 *   --treasury <address>      the config's treasury (default: the keypair's address)
 *
 * Prints one JSON line: programId, programData, kind (deployed | upgraded), signature, and the
 * config address when it was initialised.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Connection, Keypair } from '@solana/web3.js';
import { loadOrCreateKeypairFile } from '../packages/chain/src/keys.ts';
import {
  findConfigAddress,
  initializeConfigInstruction,
} from '../packages/chain/src/vault-program/index.ts';
import {
  readVaultProgram,
  VAULT_PROGRAM_SO_PATH,
} from '../packages/chain/src/vault-program/program-binary.ts';
import { connectionSender, deployProgram } from '../packages/chain/src/vault-program/deploy.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8899' },
    keypair: { type: 'string', default: path.join(os.homedir(), '.config/solana/id.json') },
    'program-keypair': { type: 'string' },
    'program-id': { type: 'string' },
    so: { type: 'string' },
    'max-data-len': { type: 'string' },
    'init-config': { type: 'boolean', default: false },
    treasury: { type: 'string' },
  },
});

function keypairFromFile(file: string): Keypair {
  const bytes = JSON.parse(readFileSync(file, 'utf8')) as number[];
  return Keypair.fromSecretKey(Uint8Array.from(bytes));
}

async function main(): Promise<void> {
  const connection = new Connection(values.url, 'confirmed');
  const authority = keypairFromFile(values.keypair);
  const programKeypair = values['program-id']
    ? undefined
    : Keypair.fromSecretKey(
        loadOrCreateKeypairFile(
          path.resolve(values['program-keypair'] ?? '.data/keys/dum_vault-program.json'),
        ).secretKey,
      );
  const elf = values.so ? new Uint8Array(readFileSync(values.so)) : readVaultProgram();
  const result = await deployProgram({
    sender: connectionSender(connection),
    authority,
    programKeypair,
    programId: values['program-id'],
    elf,
    maxDataLen: values['max-data-len'] ? Number(values['max-data-len']) : undefined,
  });
  let config: string | undefined;
  if (values['init-config']) {
    // A deployed (not upgraded) program runs from the next slot on.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const ix = await initializeConfigInstruction({
      authority: authority.publicKey.toBase58(),
      treasury: values.treasury ?? authority.publicKey.toBase58(),
      programId: result.programId,
    });
    await connectionSender(connection).send([ix], [authority]);
    config = (await findConfigAddress(result.programId)).address;
  }
  process.stdout.write(
    `${JSON.stringify({ ...result, so: values.so ?? VAULT_PROGRAM_SO_PATH, bytes: elf.length, config })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `program:deploy failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
