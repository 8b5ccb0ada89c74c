-- Each table is written by its owning slice only (modules/*/sql, db/table-ownership.test.ts):
-- the analytics counters, the emission queue and Live Activity get a SQL function of their
-- owner's (analytics_add_to_day and analytics_take_from_day, queue_rewarded_event,
-- record_live_activity), and the feed's and vaults' functions call them instead of writing those
-- tables. Same statements, same order, same locks: behaviour does not change.
-- The analytics slice's counters, for the other slices' SQL functions: the twins of
-- modules/analytics/repo.ts addToDay and takeFromDay (one branch per counter, so each statement
-- is planned once per session). Adds `p_amount` to a wallet's counter for the UTC day of `p_at`.
CREATE FUNCTION analytics_add_to_day(p_user_id uuid, p_at timestamptz, p_counter text, p_amount bigint)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_counter = 'posts' THEN
    INSERT INTO analytics_daily (user_id, day, posts)
      VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date, p_amount)
      ON CONFLICT (user_id, day) DO UPDATE SET posts = analytics_daily.posts + excluded.posts;
  ELSIF p_counter = 'likes_received' THEN
    INSERT INTO analytics_daily (user_id, day, likes_received)
      VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date, p_amount)
      ON CONFLICT (user_id, day) DO UPDATE SET likes_received = analytics_daily.likes_received + excluded.likes_received;
  ELSIF p_counter = 'comments_received' THEN
    INSERT INTO analytics_daily (user_id, day, comments_received)
      VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date, p_amount)
      ON CONFLICT (user_id, day) DO UPDATE SET comments_received = analytics_daily.comments_received + excluded.comments_received;
  ELSIF p_counter = 'followers_gained' THEN
    INSERT INTO analytics_daily (user_id, day, followers_gained)
      VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date, p_amount)
      ON CONFLICT (user_id, day) DO UPDATE SET followers_gained = analytics_daily.followers_gained + excluded.followers_gained;
  ELSIF p_counter = 'sol_raised' THEN
    INSERT INTO analytics_daily (user_id, day, sol_raised)
      VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date, p_amount)
      ON CONFLICT (user_id, day) DO UPDATE SET sol_raised = analytics_daily.sol_raised + excluded.sol_raised;
  ELSE
    RAISE EXCEPTION 'unknown analytics counter %', p_counter;
  END IF;
END
$$;
--> statement-breakpoint
-- Takes `p_amount` off a wallet's counter for the UTC day of `p_at`, never below zero; no row,
-- nothing to take.
CREATE FUNCTION analytics_take_from_day(p_user_id uuid, p_at timestamptz, p_counter text, p_amount bigint)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_counter = 'posts' THEN
    UPDATE analytics_daily SET posts = greatest(posts - p_amount, 0)
      WHERE user_id = p_user_id AND day = (p_at AT TIME ZONE 'UTC')::date;
  ELSIF p_counter = 'likes_received' THEN
    UPDATE analytics_daily SET likes_received = greatest(likes_received - p_amount, 0)
      WHERE user_id = p_user_id AND day = (p_at AT TIME ZONE 'UTC')::date;
  ELSIF p_counter = 'comments_received' THEN
    UPDATE analytics_daily SET comments_received = greatest(comments_received - p_amount, 0)
      WHERE user_id = p_user_id AND day = (p_at AT TIME ZONE 'UTC')::date;
  ELSIF p_counter = 'followers_gained' THEN
    UPDATE analytics_daily SET followers_gained = greatest(followers_gained - p_amount, 0)
      WHERE user_id = p_user_id AND day = (p_at AT TIME ZONE 'UTC')::date;
  ELSIF p_counter = 'sol_raised' THEN
    UPDATE analytics_daily SET sol_raised = greatest(sol_raised - p_amount, 0)
      WHERE user_id = p_user_id AND day = (p_at AT TIME ZONE 'UTC')::date;
  ELSE
    RAISE EXCEPTION 'unknown analytics counter %', p_counter;
  END IF;
END
$$;
--> statement-breakpoint
-- The emissions slice's queue, for the other slices' SQL functions: the twin of
-- modules/emissions/ledger.ts recordRewardedEvent's insert (the callers keep their own
-- self-engagement check, as they did).
CREATE FUNCTION queue_rewarded_event(
  p_kind text,
  p_actor_id uuid,
  p_subject_id uuid,
  p_reference text,
  p_at timestamptz
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO emission_queue (kind, actor_id, subject_id, reference, created_at)
    VALUES (p_kind, p_actor_id, p_subject_id, p_reference, p_at);
END
$$;
--> statement-breakpoint
-- The economy slice's Live Activity stream, for the other slices' SQL functions: one line.
CREATE FUNCTION record_live_activity(
  p_type text,
  p_message text,
  p_user_id uuid,
  p_reference text,
  p_at timestamptz
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity (type, message, user_id, reference, created_at)
    VALUES (p_type, p_message, p_user_id, p_reference, p_at);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.toggle_engagement(p_post_id bigint, p_user_id uuid, p_kind text, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_author uuid;
  v_given timestamptz;
BEGIN
  PERFORM 1 FROM users WHERE id = p_user_id;
  IF NOT FOUND THEN
    RETURN 'unauthorized';
  END IF;

  -- A like changes the row's count (likes of one post take turns from here until commit); a
  -- bookmark only needs the row to stay.
  IF p_kind = 'like' THEN
    PERFORM 1 FROM messages WHERE id = p_post_id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM messages WHERE id = p_post_id FOR KEY SHARE;
  END IF;
  v_author := live_post_author(p_post_id, p_user_id, p_now);
  IF v_author IS NULL THEN
    RETURN 'post_not_found';
  END IF;

  INSERT INTO engagements (message_id, user_id, kind, created_at)
    VALUES (p_post_id, p_user_id, p_kind, p_now)
    ON CONFLICT DO NOTHING;
  IF FOUND THEN
    IF p_kind = 'like' THEN
      UPDATE messages SET like_count = like_count + 1 WHERE id = p_post_id;
      IF v_author <> p_user_id THEN
        PERFORM analytics_add_to_day(v_author, p_now, 'likes_received', 1);
        PERFORM queue_rewarded_event('like_given', p_user_id, v_author, p_post_id::text, p_now);
      END IF;
    END IF;
    RETURN 'on';
  END IF;

  DELETE FROM engagements
    WHERE message_id = p_post_id AND user_id = p_user_id AND kind = p_kind
    RETURNING created_at INTO v_given;
  IF NOT FOUND THEN
    RETURN 'none';
  END IF;
  IF p_kind = 'like' THEN
    UPDATE messages SET like_count = like_count - 1 WHERE id = p_post_id;
    -- An unlike takes the like off the day it was given (the post's expiry takes nothing).
    IF v_author <> p_user_id THEN
      PERFORM analytics_take_from_day(v_author, v_given, 'likes_received', 1);
    END IF;
  END IF;
  RETURN 'off';
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.add_comment(p_post_id bigint, p_user_id uuid, p_body text, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_actor users%ROWTYPE;
  v_author uuid;
  v_id bigint;
  v_created_at timestamptz;
BEGIN
  SELECT * INTO v_actor FROM users WHERE id = p_user_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'unauthorized');
  END IF;

  PERFORM 1 FROM messages WHERE id = p_post_id FOR NO KEY UPDATE;
  v_author := live_post_author(p_post_id, p_user_id, p_now);
  IF v_author IS NULL THEN
    RETURN jsonb_build_object('outcome', 'post_not_found');
  END IF;
  IF v_author <> p_user_id AND EXISTS (
    SELECT 1 FROM blocks
    WHERE (blocker_id = p_user_id AND blocked_id = v_author)
      OR (blocker_id = v_author AND blocked_id = p_user_id)
  ) THEN
    RETURN jsonb_build_object('outcome', 'blocked');
  END IF;

  INSERT INTO comments (message_id, author_id, body, created_at)
    VALUES (p_post_id, p_user_id, p_body, p_now)
    RETURNING id, created_at INTO v_id, v_created_at;
  UPDATE messages SET comment_count = comment_count + 1 WHERE id = p_post_id;
  IF v_author <> p_user_id THEN
    PERFORM analytics_add_to_day(v_author, p_now, 'comments_received', 1);
    PERFORM queue_rewarded_event('comment_created', p_user_id, v_author, v_id::text, p_now);
  END IF;
  RETURN jsonb_build_object(
    'outcome', 'added',
    'id', v_id::text,
    'createdAt', v_created_at,
    'solAddress', v_actor.sol_address,
    'username', v_actor.username,
    'displayName', v_actor.display_name,
    'avatarUrl', v_actor.avatar_url
  );
END $function$;
--> statement-breakpoint
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
      v_creator, p_vault_id::text, p_now);
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.record_vault_support(p_vault_id bigint, p_supporter_id uuid, p_signature text, p_amount bigint, p_slot bigint, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_result jsonb;
BEGIN
  v_result := record_vault_support_core(p_vault_id, p_supporter_id, p_signature, p_amount, p_slot, p_now);
  IF v_result->>'outcome' = 'recorded' THEN
    PERFORM analytics_add_to_day(creator_id, p_now, 'sol_raised', p_amount)
      FROM vaults WHERE id = p_vault_id;
  END IF;
  RETURN v_result;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.record_vault_supports(p_supports jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_item jsonb;
  v_results jsonb := '[]'::jsonb;
  v_raised record;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_supports) WITH ORDINALITY ORDER BY ordinality LOOP
    v_results := v_results || jsonb_build_array(record_vault_support_core(
      (v_item->>'vaultId')::bigint,
      (v_item->>'supporterId')::uuid,
      v_item->>'signature',
      (v_item->>'amount')::bigint,
      (v_item->>'slot')::bigint,
      (v_item->>'now')::timestamptz));
  END LOOP;
  -- In (creator, day) order, so concurrent batches take the analytics rows in one order.
  FOR v_raised IN
    SELECT v.creator_id, ((i.item->>'now')::timestamptz AT TIME ZONE 'UTC')::date AS day,
      sum((i.item->>'amount')::bigint)::bigint AS amount
    FROM jsonb_array_elements(p_supports) WITH ORDINALITY AS i(item, n)
    JOIN jsonb_array_elements(v_results) WITH ORDINALITY AS r(result, n) ON r.n = i.n
    JOIN vaults v ON v.id = (i.item->>'vaultId')::bigint
    WHERE r.result->>'outcome' = 'recorded'
    GROUP BY 1, 2
    ORDER BY 1, 2
  LOOP
    PERFORM analytics_add_to_day(v_raised.creator_id, v_raised.day::timestamp AT TIME ZONE 'UTC',
      'sol_raised', v_raised.amount);
  END LOOP;
  RETURN v_results;
END
$function$;
