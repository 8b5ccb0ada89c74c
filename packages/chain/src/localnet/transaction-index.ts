import type { TransactionRecord } from './transaction-record.ts';

const MAX_SIGNATURES_PER_ADDRESS = 10_000;

/** Executed transactions by signature, and each address's signatures (getSignaturesForAddress). */
export class TransactionIndex {
  private readonly bySignature = new Map<string, TransactionRecord>();
  private readonly signaturesByAddress = new Map<string, string[]>();

  constructor(
    /** The cluster's transaction count; a snapshot restores it before re-adding its records. */
    public count = 0,
  ) {}

  has(signature: string): boolean {
    return this.bySignature.has(signature);
  }

  get(signature: string): TransactionRecord | null {
    return this.bySignature.get(signature) ?? null;
  }

  /** Oldest first; getSignaturesForAddress reads it from the end. */
  signaturesFor(address: string): readonly string[] {
    return this.signaturesByAddress.get(address) ?? [];
  }

  records(): IterableIterator<TransactionRecord> {
    return this.bySignature.values();
  }

  add(record: TransactionRecord): void {
    this.bySignature.set(record.signature, record);
    this.count += 1;
    const seen = new Set<string>();
    for (const key of record.accountKeys) {
      if (seen.has(key)) continue;
      seen.add(key);
      let list = this.signaturesByAddress.get(key);
      if (!list) {
        list = [];
        this.signaturesByAddress.set(key, list);
      }
      // Oldest first (appending is O(1)); readers walk it backwards. Program keys appear in
      // every transaction: cap their history, trimming in chunks.
      list.push(record.signature);
      if (list.length > MAX_SIGNATURES_PER_ADDRESS * 1.5) {
        list.splice(0, list.length - MAX_SIGNATURES_PER_ADDRESS);
      }
    }
  }
}
