/** The memo transaction a wallet signs in place of a message, behind one lazy import. */
export { buildMemoTransaction } from './memo-transaction.ts';
