/** Addresses of the Solana programs that more than one package names. */

/** The System program: SOL transfers and account creation. */
export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111';

/** The SPL Memo program (v2): the only instruction a signed-in-by-transaction memo may hold. */
export const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
