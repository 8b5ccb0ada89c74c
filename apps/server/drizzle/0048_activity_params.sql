ALTER TABLE "activity" ADD COLUMN "params" jsonb;--> statement-breakpoint
-- Live Activity lines carry what they say as data (core's ActivityParams), so the web app words
-- each line in its reader's language; the English message stays for the spec's client. Lines
-- written before this column have none and are shown by their message.
DROP FUNCTION record_live_activity(text, text, uuid, text, timestamptz);--> statement-breakpoint
CREATE FUNCTION record_live_activity(p_type text, p_message text, p_user_id uuid, p_reference text, p_at timestamptz, p_params jsonb)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity (type, message, user_id, reference, created_at, params)
    VALUES (p_type, p_message, p_user_id, p_reference, p_at, p_params);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.record_vault_support_core(p_vault_id bigint, p_supporter_id uuid, p_signature text, p_amount bigint, p_slot bigint, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
    PERFORM record_live_activity(
      'vault_unlocked',
      v_name || '''s vault unlocked with '
        || to_char(trunc(v_total::numeric / 1000000000, 4), 'FM999999999999990.0000') || ' SOL',
      v_creator, p_vault_id::text, p_now,
      jsonb_build_object('kind', 'vault_unlocked', 'name', v_name, 'lamports', v_total::text));
  END IF;

  -- The support's rewarded event (modules/emissions recordRewardedEvent), for the sequencer.
  -- The creator is the support's subject: trust's edge (modules/trust).
  PERFORM queue_rewarded_event('vault_supported', p_supporter_id, v_creator, p_signature, p_now);

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
$function$;
