/**
 * Everything escrow behind one lazy import: the program client (@solana/kit), the
 * panel, the composer's fields and flow, the deposit lists. One entry rather than several keeps
 * the bundler from splitting the first load's shared modules into more chunks.
 */
export { default as EscrowPanel } from './escrow-panel.tsx';
export { default as EscrowComposerFields } from './escrow-composer-fields.tsx';
export { createEscrowPost } from './create-escrow-post.ts';
export { default as MyDeposits } from './my-deposits.tsx';
export { default as EscrowDeposits } from './escrow-deposits.tsx';
