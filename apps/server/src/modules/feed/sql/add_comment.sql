-- Readable source of the SQL function add_comment, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- A comment added in one call (comment-repo.ts), for the same reason as toggle_engagement: the
-- post's row lock is held for this call and its commit only. Refuses across a block either way.
-- Also moves the post's comment count, the author's comments received that UTC day (analytics'
-- table) and queues the rewarded event (emissions' queue_rewarded_event), neither for one's own post. Answers
-- jsonb {outcome: 'added' | 'post_not_found' | 'blocked' | 'unauthorized', ...}. Tested by
-- comments.test.ts.
-- Installed by drizzle/0037_slice_sql_twins.sql.
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
