-- Readable source of the SQL function add_comment, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- A comment or a reply added in one call (comment-repo.ts), for the same reason as
-- toggle_engagement: the post's row lock is held for this call and its commit only; it also
-- orders the replies and deletions of the post's comments, so reply counts stay exact. Refuses
-- across a block either way (with the post's author, and a reply's with the answered comment's
-- author or its top comment's), and a wallet the post's reply policy leaves out. A reply
-- (p_parent_id) must answer a comment of the same post; it sits under that comment's top comment
-- and, answering a reply, names its author (reply_to_author_id). Also moves the post's comment count, the top comment's
-- reply count, the author's comments received that UTC day (analytics' table) and queues the
-- rewarded event (emissions' queue_rewarded_event): comment_created with the post's author,
-- reply_created with the answered comment's author, neither for one's own. Answers jsonb
-- {outcome: 'added' | 'post_not_found' | 'comment_not_found' | 'blocked' | 'reply_not_allowed'
-- | 'unauthorized', ...}. Tested by comments.test.ts and replies.test.ts.
-- Installed by drizzle/0046_reply_thread_blocks.sql (replies came with 0045); its refusals by a
-- block with the post's author and by the reply policy are comment_refusal's since 0056.
CREATE OR REPLACE FUNCTION public.add_comment(p_post_id bigint, p_user_id uuid, p_body text, p_now timestamp with time zone, p_parent_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
$function$;
