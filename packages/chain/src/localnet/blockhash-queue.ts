import { createHash } from 'node:crypto';
import bs58 from 'bs58';

/**
 * The recent blockhashes of a cluster: one per slot, each valid for `validitySlots` slots.
 * Blockhashes are a pure function of the genesis hash and the slot, so restarts agree.
 */
export class BlockhashQueue {
  private readonly slotByHash = new Map<string, number>();
  private readonly hashBySlot = new Map<number, string>();

  constructor(
    private readonly genesisHash: string,
    readonly validitySlots: number,
  ) {}

  forSlot(slot: number): string {
    const cached = this.hashBySlot.get(slot);
    if (cached) return cached;
    const hash = createHash('sha256').update(this.genesisHash).update(String(slot)).digest();
    return bs58.encode(hash);
  }

  /** Makes the slot's blockhash valid, and forgets blockhashes well past expiry. */
  add(slot: number): void {
    const blockhash = this.forSlot(slot);
    this.slotByHash.set(blockhash, slot);
    this.hashBySlot.set(slot, blockhash);
    for (const [hash, hashSlot] of this.slotByHash) {
      if (hashSlot >= slot - this.validitySlots - 10) break;
      this.slotByHash.delete(hash);
      this.hashBySlot.delete(hashSlot);
    }
  }

  isValid(blockhash: string, currentSlot: number): boolean {
    const slot = this.slotByHash.get(blockhash);
    return slot !== undefined && slot >= currentSlot - this.validitySlots;
  }

  /** The SlotHashes sysvar's entries: the newest `count` slots up to `slot`, newest first. */
  slotHashes(slot: number, count: number): { slot: bigint; hash: string }[] {
    const hashes = [];
    for (let s = slot; s > slot - count && s >= 0; s--) {
      hashes.push({ slot: BigInt(s), hash: this.forSlot(s) });
    }
    return hashes;
  }
}
