-- Likes and bookmarks toggled at the same moment share one statement (engagement-repo.ts). It
-- called toggle_engagement once per toggle, so each like still paid its own insert, count
-- update, day count and queued reward, each through PL/pgSQL calls: about 150 µs of
-- PostgreSQL's time a like (bench:writes, pg_stat_statements). toggle_engagements makes the
-- same toggles set-based: one insert of the new rows, one delete of the rows taken back, one
-- update per post of its like count, then the day counts and the rewards. Each toggle's
-- answer is the one toggle_engagement would give it, in the order given.
CREATE FUNCTION toggle_engagements(p_post_ids bigint[], p_user_ids uuid[], p_kinds text[],
  p_nows timestamptz[])
RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
  v_outcomes text[];
  v_authors uuid[];
  v_live int[];
  v_repeats int[];
  v_on int[];
  v_off int[];
  v_given timestamptz[];
  v_n int;
BEGIN
  IF coalesce(cardinality(p_post_ids), 0) = 0 THEN
    RETURN;
  END IF;

  -- The posts' row locks first, in id order, so two batches locking some of the same posts
  -- never wait on each other in a circle. A like changes the row's count (likes of one post
  -- take turns from here until commit); a bookmark only needs the row to stay.
  PERFORM 1 FROM messages
    WHERE id IN (SELECT p_post_ids[i] FROM generate_subscripts(p_post_ids, 1) AS i
      WHERE p_kinds[i] = 'like')
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM messages
    WHERE id IN (SELECT p_post_ids[i] FROM generate_subscripts(p_post_ids, 1) AS i
      WHERE p_kinds[i] <> 'like')
    ORDER BY id FOR KEY SHARE;

  -- Each toggle's wallet and post, read under the locks. The first toggle of a (post, wallet,
  -- kind) goes with the set below; a repeat (a double click) runs after it, alone.
  SELECT array_agg(j.outcome ORDER BY j.i), array_agg(j.author_id ORDER BY j.i),
      coalesce(array_agg(j.i ORDER BY j.i) FILTER (WHERE j.outcome IS NULL AND j.nth = 1), '{}'),
      coalesce(array_agg(j.i ORDER BY j.i) FILTER (WHERE j.nth > 1), '{}')
    INTO v_outcomes, v_authors, v_live, v_repeats
    FROM (
      SELECT g.i, g.author_id,
        row_number() OVER (PARTITION BY p_post_ids[g.i], p_user_ids[g.i], p_kinds[g.i]
          ORDER BY g.i) AS nth,
        CASE WHEN NOT g.known THEN 'unauthorized'
          WHEN g.author_id IS NULL THEN 'post_not_found' END AS outcome
      FROM (
        -- A scalar sub-select, an index probe per toggle: an EXISTS here was planned as a hashed
        -- sub-plan, a scan of the whole users table.
        SELECT i, (SELECT true FROM users WHERE id = p_user_ids[i]) IS NOT NULL AS known,
          live_post_author(p_post_ids[i], p_user_ids[i], p_nows[i]) AS author_id
        FROM generate_subscripts(p_post_ids, 1) AS i
        -- Kept whole, so that live_post_author runs once a toggle.
        OFFSET 0
      ) g
    ) j;

  -- On where the row was not there; the rows that were are taken back (a statement of their
  -- own: one statement may not both insert and delete a row).
  WITH added AS (
    INSERT INTO engagements (message_id, user_id, kind, created_at)
      SELECT p_post_ids[i], p_user_ids[i], p_kinds[i], p_nows[i] FROM unnest(v_live) AS i
      ORDER BY p_post_ids[i], p_user_ids[i], p_kinds[i]
      ON CONFLICT DO NOTHING
      RETURNING message_id, user_id, kind
  )
  SELECT coalesce(array_agg(i), '{}') INTO v_on
    FROM unnest(v_live) AS i
    JOIN added a ON a.message_id = p_post_ids[i] AND a.user_id = p_user_ids[i]
      AND a.kind = p_kinds[i];
  WITH taken AS (
    DELETE FROM engagements e USING unnest(v_live) AS i
      WHERE i <> ALL (v_on) AND e.message_id = p_post_ids[i] AND e.user_id = p_user_ids[i]
        AND e.kind = p_kinds[i]
      RETURNING i, e.created_at
  )
  SELECT coalesce(array_agg(i ORDER BY i), '{}'), coalesce(array_agg(created_at ORDER BY i), '{}')
    INTO v_off, v_given FROM taken;
  FOREACH v_n IN ARRAY v_live LOOP
    v_outcomes[v_n] := CASE WHEN v_n = ANY (v_on) THEN 'on'
      WHEN v_n = ANY (v_off) THEN 'off' ELSE 'none' END;
  END LOOP;

  -- A like moves its post's count (once per post), the author's likes received that UTC day and
  -- queues its rewarded event; a self-like is counted but neither rewarded nor counted as
  -- received. An unlike takes the like off the day it was given.
  UPDATE messages m SET like_count = m.like_count + d.delta
    FROM (
      SELECT p_post_ids[i] AS post_id, sum(CASE WHEN i = ANY (v_on) THEN 1 ELSE -1 END) AS delta
      FROM unnest(v_on || v_off) AS i WHERE p_kinds[i] = 'like' GROUP BY 1
    ) d
    WHERE m.id = d.post_id AND d.delta <> 0;
  PERFORM analytics_change_day(v_authors[i], p_nows[i], 'likes_received', 1)
    FROM unnest(v_on) AS i WHERE p_kinds[i] = 'like' AND v_authors[i] <> p_user_ids[i];
  PERFORM analytics_change_day(v_authors[t.i], v_given[t.n], 'likes_received', -1)
    FROM unnest(v_off) WITH ORDINALITY AS t(i, n)
    WHERE p_kinds[t.i] = 'like' AND v_authors[t.i] <> p_user_ids[t.i];
  PERFORM queue_rewarded_event('like_given', p_user_ids[i], v_authors[i], p_post_ids[i]::text,
      p_nows[i])
    FROM unnest(v_on) AS i WHERE p_kinds[i] = 'like' AND v_authors[i] <> p_user_ids[i]
    ORDER BY p_post_ids[i], i;

  FOREACH v_n IN ARRAY v_repeats LOOP
    v_outcomes[v_n] := toggle_engagement(p_post_ids[v_n], p_user_ids[v_n], p_kinds[v_n],
      p_nows[v_n]);
  END LOOP;
  RETURN QUERY SELECT v_outcomes[i] FROM generate_subscripts(p_post_ids, 1) AS i ORDER BY i;
END
$$;
