-- Issue 21, finding 2: an escrow vault unlocks only when the chain's clock is past its end with
-- the target still held (escrowVaultStatus in packages/core/src/escrow.ts; the program's claim
-- rule). Earlier, a total that touched the target unlocked it for good. Relock those the rule
-- would not have unlocked: still running, or holding less than the target at their last read
-- (the indexer re-reads live vaults until 30 days after their end and would relock them too).
UPDATE vaults SET status = 'active', unlocked_at = NULL
WHERE kind = 'escrow' AND status = 'unlocked' AND (ends_at > now() OR total < target);
