-- Comments written at the same moment share one statement (comment-repo.ts). It called
-- add_comment once per comment, so each paid its own insert, count update, day count and queued
-- reward through PL/pgSQL calls. add_comments writes the top comments of a batch set-based: one
-- insert, one update per post of its comment count, then the day counts and the rewards; a
-- reply (its thread's checks and reply count) still goes through add_comment, after. The checks
-- a top comment shares with add_comment (a block with the post's author, the post's reply
-- policy) move to comment_refusal, so both ask the same function.
CREATE FUNCTION comment_refusal(p_post_id bigint, p_user_id uuid, p_author_id uuid,
  p_address text)
RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_policy text;
  v_mentions jsonb;
BEGIN
  IF p_author_id = p_user_id THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM blocks
    WHERE (blocker_id = p_user_id AND blocked_id = p_author_id)
      OR (blocker_id = p_author_id AND blocked_id = p_user_id)
  ) THEN
    RETURN 'blocked';
  END IF;
  -- Who may reply: the author always; else everyone, the wallets the author follows, or the
  -- wallets the post mentions (messages.mentions, [{address, ...}] as written with the post).
  SELECT reply_policy, mentions INTO v_policy, v_mentions FROM messages WHERE id = p_post_id;
  IF (v_policy = 'following' AND NOT EXISTS (
      SELECT 1 FROM follows WHERE follower_id = p_author_id AND following_id = p_user_id))
    OR (v_policy = 'mentioned'
      AND NOT v_mentions @> jsonb_build_array(jsonb_build_object('address', p_address)))
  THEN
    RETURN 'reply_not_allowed';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_comment(p_post_id bigint, p_user_id uuid, p_body text,
  p_now timestamptz, p_parent_id bigint)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_actor users%ROWTYPE;
  v_author uuid;
  v_refusal text;
  v_parent comments%ROWTYPE;
  v_top bigint;
  v_top_author uuid;
  v_reply_to users%ROWTYPE;
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
  v_refusal := comment_refusal(p_post_id, p_user_id, v_author, v_actor.sol_address);
  IF v_refusal IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', v_refusal);
  END IF;

  -- A reply: to a comment of this post. One level is kept: a reply to a reply sits under the
  -- top comment and names the wallet it answers. The post's row lock (above) orders the replies
  -- and deletions of its comments, so the top comment's count stays exact.
  IF p_parent_id IS NOT NULL THEN
    SELECT * INTO v_parent FROM comments WHERE id = p_parent_id AND message_id = p_post_id;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('outcome', 'comment_not_found');
    END IF;
    v_top := coalesce(v_parent.parent_id, v_parent.id);
    -- Nor into a thread across a block with the answered comment's author or the top one's.
    SELECT author_id INTO v_top_author FROM comments WHERE id = v_top;
    IF EXISTS (
      SELECT 1 FROM blocks
      WHERE (blocker_id = p_user_id AND blocked_id IN (v_parent.author_id, v_top_author))
        OR (blocker_id IN (v_parent.author_id, v_top_author) AND blocked_id = p_user_id)
    ) THEN
      RETURN jsonb_build_object('outcome', 'blocked');
    END IF;
    IF v_parent.parent_id IS NOT NULL THEN
      SELECT * INTO v_reply_to FROM users WHERE id = v_parent.author_id;
    END IF;
  END IF;

  INSERT INTO comments (message_id, author_id, body, created_at, parent_id, reply_to_author_id)
    VALUES (p_post_id, p_user_id, p_body, p_now, v_top, v_reply_to.id)
    RETURNING id, created_at INTO v_id, v_created_at;
  UPDATE messages SET comment_count = comment_count + 1 WHERE id = p_post_id;
  IF v_top IS NOT NULL THEN
    UPDATE comments SET reply_count = reply_count + 1 WHERE id = v_top;
  END IF;
  IF v_author <> p_user_id THEN
    PERFORM analytics_add_to_day(v_author, p_now, 'comments_received', 1);
  END IF;
  -- A comment rewards engaging with the post's author; a reply, with the comment's.
  IF p_parent_id IS NULL AND v_author <> p_user_id THEN
    PERFORM queue_rewarded_event('comment_created', p_user_id, v_author, v_id::text, p_now);
  ELSIF p_parent_id IS NOT NULL AND v_parent.author_id <> p_user_id THEN
    PERFORM queue_rewarded_event('reply_created', p_user_id, v_parent.author_id, v_id::text, p_now);
  END IF;
  RETURN jsonb_build_object(
    'outcome', 'added',
    'id', v_id::text,
    'createdAt', v_created_at,
    'solAddress', v_actor.sol_address,
    'username', v_actor.username,
    'displayName', v_actor.display_name,
    'avatarUrl', v_actor.avatar_url,
    'parentId', v_top::text,
    'replyTo', CASE WHEN v_reply_to.id IS NULL THEN NULL
      ELSE jsonb_build_object('address', v_reply_to.sol_address, 'username', v_reply_to.username) END,
    'postAuthorId', v_author,
    'parentAuthorId', v_parent.author_id
  );
END
$$;
--> statement-breakpoint
CREATE FUNCTION add_comments(p_post_ids bigint[], p_user_ids uuid[], p_bodies text[],
  p_nows timestamptz[], p_parent_ids bigint[])
RETURNS SETOF jsonb
LANGUAGE plpgsql AS $$
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
$$;
