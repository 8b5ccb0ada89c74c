/** Node-only parts of the vault program's tooling: the committed build, LiteSVM, deployment. */
export { readVaultProgram, VAULT_PROGRAM_SO_PATH } from './program-binary.ts';
export { VaultTestbed, unitsConsumedBy, type SendResult } from './testbed.ts';
export { toWeb3Instruction } from './web3.ts';
export * from './genesis.ts';
export * from './loader.ts';
export {
  confirmSignature,
  connectionSender,
  deployProgram,
  DeployError,
  WRITE_CHUNK_BYTES,
  type DeploySender,
  type DeployResult,
} from './deploy.ts';
