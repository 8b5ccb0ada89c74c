-- Readable source of the SQL function add_comments, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- The comments written at the same moment, in one call (comment-repo.ts, one statement for a
-- batch): add_comment's rules and answers, each comment's in the order given. The posts' locks
-- are taken first, in id order; the top comments are written set-based (one insert, one comment
-- count update per post, then the day counts and the rewards); each reply goes through
-- add_comment, after. Tested by engagement-batches.test.ts (and comments.test.ts through the
-- routes).
-- Installed by drizzle/0056_add_comments.sql.
CREATE OR REPLACE FUNCTION public.add_comments(p_post_ids bigint[], p_user_ids uuid[], p_bodies text[], p_nows timestamp with time zone[], p_parent_ids bigint[])
 RETURNS SETOF jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_refusals text[];
  v_authors uuid[];
  v_actors jsonb[];
  v_tops int[];
  v_replies int[];
  v_results jsonb[];
  v_written record;
  v_n int;
BEGIN
  IF coalesce(cardinality(p_post_ids), 0) = 0 THEN
    RETURN;
  END IF;

  -- The posts' row locks first, in id order, so two batches commenting on some of the same
  -- posts never wait on each other in a circle; they order the comments of a post and its count.
  PERFORM 1 FROM messages WHERE id IN (SELECT unnest(p_post_ids)) ORDER BY id FOR NO KEY UPDATE;

  -- Each top comment's wallet, post and refusal, read under the locks, as add_comment reads
  -- them: scalar sub-selects (index probes, never a hashed scan of users), in sub-queries kept
  -- whole (offset 0) so that each function runs once a comment.
  SELECT array_agg(j.refusal ORDER BY j.i), array_agg(j.author_id ORDER BY j.i),
      array_agg(j.actor ORDER BY j.i),
      coalesce(array_agg(j.i ORDER BY j.i) FILTER (WHERE j.top AND j.refusal IS NULL), '{}'),
      coalesce(array_agg(j.i ORDER BY j.i) FILTER (WHERE NOT j.top), '{}')
    INTO v_refusals, v_authors, v_actors, v_tops, v_replies
    FROM (
      SELECT g.i, g.top, g.author_id, g.actor,
        CASE WHEN NOT g.top THEN NULL
          WHEN g.actor IS NULL THEN 'unauthorized'
          WHEN g.author_id IS NULL THEN 'post_not_found'
          ELSE comment_refusal(p_post_ids[g.i], p_user_ids[g.i], g.author_id,
            g.actor ->> 'solAddress')
        END AS refusal
      FROM (
        SELECT i, p_parent_ids[i] IS NULL AS top,
          (SELECT jsonb_build_object('solAddress', u.sol_address, 'username', u.username,
              'displayName', u.display_name, 'avatarUrl', u.avatar_url)
            FROM users u WHERE u.id = p_user_ids[i]) AS actor,
          live_post_author(p_post_ids[i], p_user_ids[i], p_nows[i]) AS author_id
        FROM generate_subscripts(p_post_ids, 1) AS i
        OFFSET 0
      ) g
      OFFSET 0
    ) j;
  v_results := array(SELECT CASE WHEN r IS NOT NULL THEN jsonb_build_object('outcome', r) END
    FROM unnest(v_refusals) AS r);

  -- The top comments, with ids drawn first so each finds its row; each answers what
  -- add_comment answers.
  FOR v_written IN
    WITH drawn AS (
      SELECT i, nextval('comments_id_seq') AS id FROM unnest(v_tops) AS i
    ), written AS (
      INSERT INTO comments (id, message_id, author_id, body, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT d.id, p_post_ids[d.i], p_user_ids[d.i], p_bodies[d.i], p_nows[d.i] FROM drawn d
        ORDER BY d.i
        RETURNING id, created_at
    )
    SELECT d.i, w.id, w.created_at FROM drawn d JOIN written w ON w.id = d.id
  LOOP
    v_results[v_written.i] := v_actors[v_written.i] || jsonb_build_object(
      'outcome', 'added',
      'id', v_written.id::text,
      'createdAt', v_written.created_at,
      'parentId', NULL,
      'replyTo', NULL,
      'postAuthorId', v_authors[v_written.i],
      'parentAuthorId', NULL);
  END LOOP;
  UPDATE messages m SET comment_count = m.comment_count + d.added
    FROM (SELECT p_post_ids[i] AS post_id, count(*) AS added FROM unnest(v_tops) AS i GROUP BY 1) d
    WHERE m.id = d.post_id;
  -- A comment counts as received by the post's author and rewards engaging with them, neither
  -- for one's own.
  PERFORM analytics_change_day(v_authors[i], p_nows[i], 'comments_received', 1)
    FROM unnest(v_tops) AS i WHERE v_authors[i] <> p_user_ids[i];
  PERFORM queue_rewarded_event('comment_created', p_user_ids[i], v_authors[i],
      (v_results[i] ->> 'id'), p_nows[i])
    FROM unnest(v_tops) AS i WHERE v_authors[i] <> p_user_ids[i]
    ORDER BY i;

  -- Each reply alone, as it would be written alone.
  FOREACH v_n IN ARRAY v_replies LOOP
    v_results[v_n] := add_comment(p_post_ids[v_n], p_user_ids[v_n], p_bodies[v_n], p_nows[v_n],
      p_parent_ids[v_n]);
  END LOOP;
  RETURN QUERY SELECT r FROM unnest(v_results) AS r;
END
$function$;
