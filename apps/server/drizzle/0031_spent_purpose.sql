-- Every spent signature names the purpose it paid (modules/payments purpose.ts), and is spent only
-- through the payments slice: spend_transfer_signature is the SQL twin of its spendSignature
-- (apps/server/src/modules/payments/repo.ts), for the statements that record a support or a tipped
-- message in one call. record_vault_support_core is as in 0019 but for spending through it and
-- refusing a support across a block.
ALTER TABLE "spent_transfer_signatures" ADD COLUMN "purpose" text;--> statement-breakpoint
UPDATE spent_transfer_signatures s SET purpose = 'vault_support:' || v.vault_id::text
  FROM vault_supports v WHERE v.signature = s.signature AND v.vault_id IS NOT NULL;--> statement-breakpoint
UPDATE spent_transfer_signatures s SET purpose = 'tip:' || u.sol_address
  FROM direct_messages m JOIN users u ON u.id = m.recipient_id
  WHERE m.tip_signature = s.signature;--> statement-breakpoint
UPDATE spent_transfer_signatures s SET purpose = 'mystery_join:' || j.vault_id::text
  FROM mystery_joins j WHERE j.signature = s.signature;--> statement-breakpoint
UPDATE spent_transfer_signatures s SET purpose = 'ad_budget:' || b.campaign_id::text
  FROM ad_budget_transfers b WHERE b.signature = s.signature;--> statement-breakpoint
UPDATE spent_transfer_signatures s SET purpose = a.purpose
  FROM anonymous_payments a WHERE a.signature = s.signature;--> statement-breakpoint
-- Takes the signature for one purpose in the caller's transaction: false when it paid for
-- anything already (its key is held to commit, so a concurrent claim waits, then finds it taken).
CREATE FUNCTION spend_transfer_signature(
  p_signature text,
  p_spent_on text,
  p_purpose text,
  p_at timestamptz
) RETURNS boolean
LANGUAGE sql AS $$
  WITH spent AS (
    INSERT INTO spent_transfer_signatures (signature, spent_on, purpose, created_at)
    VALUES (p_signature, p_spent_on, p_purpose, p_at)
    ON CONFLICT (signature) DO NOTHING
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM spent)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_vault_support_core(
  p_vault_id bigint,
  p_supporter_id uuid,
  p_signature text,
  p_amount bigint,
  p_slot bigint,
  p_now timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
  v_target bigint;
  v_count integer;
  v_status text;
  v_ends_at timestamptz;
  v_creator uuid;
  v_support_id bigint;
  v_created_at timestamptz;
  v_new_supporter boolean;
  v_name text;
BEGIN
  -- Supports of one vault take turns from here until commit.
  SELECT total, target, supporter_count, status, ends_at, creator_id
    INTO v_total, v_target, v_count, v_status, v_ends_at, v_creator
    FROM vaults WHERE id = p_vault_id AND kind = 'direct'
    FOR NO KEY UPDATE;
  IF NOT FOUND OR v_status <> 'active' OR v_ends_at <= p_now THEN
    RETURN jsonb_build_object('outcome', 'vault_closed');
  END IF;

  -- Nothing is paid across a block, either way (docs/api.md "Payments"): checked here, in the
  -- statement that records the support, rather than in a query of its own.
  IF EXISTS (SELECT 1 FROM blocks
      WHERE (blocker_id = p_supporter_id AND blocked_id = v_creator)
         OR (blocker_id = v_creator AND blocked_id = p_supporter_id)) THEN
    RETURN jsonb_build_object('outcome', 'blocked');
  END IF;

  -- A signature pays for one thing only, whichever recorded it first: its key in
  -- spent_transfer_signatures (the payments slice's) is taken here and held to commit.
  IF NOT spend_transfer_signature(p_signature, 'vault_support',
      'vault_support:' || p_vault_id::text, p_now) THEN
    RETURN jsonb_build_object('outcome', 'signature_taken');
  END IF;

  INSERT INTO vault_supports (vault_id, supporter_id, signature, amount, slot, created_at)
    VALUES (p_vault_id, p_supporter_id, p_signature, p_amount, p_slot, p_now)
    ON CONFLICT (signature) DO NOTHING
    RETURNING id, created_at INTO v_support_id, v_created_at;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'signature_taken');
  END IF;

  INSERT INTO vault_supporters (vault_id, supporter_id, total, supports, first_at, last_at)
    VALUES (p_vault_id, p_supporter_id, p_amount, 1, p_now, p_now)
    ON CONFLICT (vault_id, supporter_id) DO UPDATE SET
      total = vault_supporters.total + excluded.total,
      supports = vault_supporters.supports + 1,
      last_at = excluded.last_at
    RETURNING xmax = 0 INTO v_new_supporter;

  v_total := v_total + p_amount;
  IF v_new_supporter THEN v_count := v_count + 1; END IF;
  v_status := vault_status_after_support(v_status, v_total, v_target);
  UPDATE vaults SET
      total = v_total,
      supporter_count = v_count,
      status = v_status,
      unlocked_at = CASE WHEN v_status = 'unlocked' THEN p_now ELSE unlocked_at END
    WHERE id = p_vault_id;

  IF v_status = 'unlocked' THEN
    -- Live Activity; the name shortened and the SOL written as the server's shortName and
    -- formatSol do (4 decimals, truncated).
    SELECT coalesce(display_name, username, sol_address) INTO v_name FROM users WHERE id = v_creator;
    v_name := coalesce(v_name, 'A creator');
    IF length(v_name) > 32 THEN v_name := left(v_name, 4) || '...' || right(v_name, 4); END IF;
    INSERT INTO activity (type, message, user_id, reference, created_at) VALUES (
      'vault_unlocked',
      v_name || '''s vault unlocked with '
        || to_char(trunc(v_total::numeric / 1000000000, 4), 'FM999999999999990.0000') || ' SOL',
      v_creator, p_vault_id::text, p_now);
  END IF;

  -- The support's rewarded event (modules/emissions recordRewardedEvent), for the sequencer.
  INSERT INTO emission_queue (kind, actor_id, reference, created_at)
    VALUES ('vault_supported', p_supporter_id, p_signature, p_now);

  RETURN jsonb_build_object(
    'outcome', 'recorded',
    'id', v_support_id::text,
    'createdAt', v_created_at,
    'total', v_total::text,
    'target', v_target::text,
    'supporterCount', v_count,
    'status', v_status,
    'unlocked', v_status = 'unlocked',
    'supporter', (SELECT jsonb_build_object('username', username, 'displayName', display_name,
      'walletAddress', sol_address) FROM users WHERE id = p_supporter_id)
  );
END
$$;
