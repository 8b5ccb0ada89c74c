-- Readable source of the SQL function set_follows, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- The follows and unfollows made at the same moment, in one call (repo.ts, one statement for a
-- batch): set_follow's rules and answers, each call's in the order given. The pairs' locks are
-- taken in their order; the follows are written set-based (one insert, one delete, then the day
-- counts and the rewards); a repeat of a pair in the batch runs alone after the set, through
-- set_follow. Tested by follow-batches.test.ts (and follows.test.ts, through the routes).
-- Installed by drizzle/0057_set_follows.sql.
CREATE OR REPLACE FUNCTION public.set_follows(p_viewer_ids uuid[], p_addresses text[], p_ons boolean[], p_nows timestamp with time zone[])
 RETURNS SETOF jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_refusals text[];
  v_targets uuid[];
  v_live int[];
  v_repeats int[];
  v_barred int[];
  v_added int[];
  v_taken int[];
  v_given timestamptz[];
  v_results jsonb[];
  v_answer record;
  v_n int;
BEGIN
  IF coalesce(cardinality(p_viewer_ids), 0) = 0 THEN
    RETURN;
  END IF;

  -- Each call's viewer and followed wallet (scalar sub-selects: index probes). The first call
  -- of a pair goes with the set below; a repeat runs after it, alone, through set_follow.
  SELECT array_agg(j.refusal ORDER BY j.i), array_agg(j.target_id ORDER BY j.i),
      coalesce(array_agg(j.i ORDER BY j.i) FILTER (WHERE j.refusal IS NULL AND j.nth = 1), '{}'),
      coalesce(array_agg(j.i ORDER BY j.i) FILTER (WHERE j.nth > 1), '{}')
    INTO v_refusals, v_targets, v_live, v_repeats
    FROM (
      SELECT g.i, g.target_id,
        row_number() OVER (PARTITION BY p_viewer_ids[g.i], p_addresses[g.i] ORDER BY g.i) AS nth,
        CASE WHEN NOT g.known THEN 'unauthorized'
          WHEN g.target_id IS NULL THEN 'user_not_found'
          WHEN g.target_id = p_viewer_ids[g.i] THEN 'cannot_follow_self' END AS refusal
      FROM (
        SELECT i, (SELECT true FROM users WHERE id = p_viewer_ids[i]) IS NOT NULL AS known,
          (SELECT id FROM users WHERE sol_address = p_addresses[i]) AS target_id
        FROM generate_subscripts(p_viewer_ids, 1) AS i
        OFFSET 0
      ) g
    ) j;

  -- The pairs' follows and blocks take turns until commit: the key repo.ts lockPair takes (the
  -- lower id first; uuids order as their text does), taken in the pairs' order, so two batches
  -- sharing pairs never wait on each other in a circle.
  PERFORM pg_advisory_xact_lock(p.key)
    FROM (
      SELECT hashtextextended('dum:people-pair:'
          || least(p_viewer_ids[i], v_targets[i])::text || ':'
          || greatest(p_viewer_ids[i], v_targets[i])::text, 0) AS key
      FROM unnest(v_live) AS i
      ORDER BY least(p_viewer_ids[i], v_targets[i]), greatest(p_viewer_ids[i], v_targets[i])
      OFFSET 0
    ) p;

  -- No follow across a block, either way (read under the pair's lock).
  SELECT coalesce(array_agg(i ORDER BY i), '{}') INTO v_barred
    FROM unnest(v_live) AS i
    WHERE p_ons[i] AND (SELECT true FROM blocks
      WHERE (blocker_id = p_viewer_ids[i] AND blocked_id = v_targets[i])
        OR (blocker_id = v_targets[i] AND blocked_id = p_viewer_ids[i])
      LIMIT 1) IS NOT NULL;
  FOREACH v_n IN ARRAY v_barred LOOP
    v_refusals[v_n] := 'blocked';
  END LOOP;
  v_live := array(SELECT i FROM unnest(v_live) AS i WHERE i <> ALL (v_barred));

  -- The follows made, then the ones taken back (distinct pairs: no row is both).
  WITH added AS (
    INSERT INTO follows (follower_id, following_id, created_at)
      SELECT p_viewer_ids[i], v_targets[i], p_nows[i] FROM unnest(v_live) AS i WHERE p_ons[i]
      ORDER BY least(p_viewer_ids[i], v_targets[i]), greatest(p_viewer_ids[i], v_targets[i])
      ON CONFLICT DO NOTHING
      RETURNING follower_id, following_id
  )
  SELECT coalesce(array_agg(i ORDER BY i), '{}') INTO v_added
    FROM unnest(v_live) AS i
    JOIN added a ON a.follower_id = p_viewer_ids[i] AND a.following_id = v_targets[i];
  WITH taken AS (
    DELETE FROM follows f USING unnest(v_live) AS i
      WHERE NOT p_ons[i] AND f.follower_id = p_viewer_ids[i] AND f.following_id = v_targets[i]
      RETURNING i, f.created_at
  )
  SELECT coalesce(array_agg(i ORDER BY i), '{}'), coalesce(array_agg(created_at ORDER BY i), '{}')
    INTO v_taken, v_given FROM taken;

  -- A follow made counts as gained that UTC day and queues the first follow's rewarded event;
  -- one taken back comes off the day it was made (followers gained counts follows that hold).
  PERFORM analytics_change_day(v_targets[i], p_nows[i], 'followers_gained', 1)
    FROM unnest(v_added) AS i;
  PERFORM analytics_change_day(v_targets[t.i], v_given[t.n], 'followers_gained', -1)
    FROM unnest(v_taken) WITH ORDINALITY AS t(i, n);
  PERFORM queue_rewarded_event('follow', p_viewer_ids[i], v_targets[i],
      p_viewer_ids[i]::text || ':' || v_targets[i]::text, p_nows[i])
    FROM unnest(v_added) AS i ORDER BY i;

  -- set_follow's answers: the refusals, then each call of the set with the follower count it
  -- leaves, then each repeat alone.
  v_results := array(SELECT CASE WHEN r IS NOT NULL THEN jsonb_build_object('outcome', r) END
    FROM unnest(v_refusals) AS r);
  FOR v_answer IN
    SELECT i, jsonb_build_object(
        'outcome', 'done',
        'changed', i = ANY (v_added) OR i = ANY (v_taken),
        'targetId', v_targets[i],
        'followerCount', (SELECT count(*) FROM follows WHERE following_id = v_targets[i]),
        'followerName', coalesce(u.display_name, u.username, u.sol_address),
        'followerAddress', u.sol_address
      ) AS answer
    FROM unnest(v_live) AS i
    CROSS JOIN LATERAL (SELECT * FROM users WHERE id = p_viewer_ids[i]) u
  LOOP
    v_results[v_answer.i] := v_answer.answer;
  END LOOP;
  FOREACH v_n IN ARRAY v_repeats LOOP
    v_results[v_n] := set_follow(p_viewer_ids[v_n], p_addresses[v_n], p_ons[v_n], p_nows[v_n]);
  END LOOP;
  RETURN QUERY SELECT r FROM unnest(v_results) AS r;
END
$function$;
