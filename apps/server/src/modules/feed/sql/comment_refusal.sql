-- Readable source of the SQL function comment_refusal, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Why a wallet may not comment on a live post (add_comment, add_comments): 'blocked' across a
-- block with the post's author either way, 'reply_not_allowed' where the post's reply policy
-- leaves the wallet out (the author's follows, or the post's mentions); null when it may, and
-- always for the post's author. Tested by comments.test.ts and replies.test.ts, through the
-- routes.
-- Installed by drizzle/0056_add_comments.sql.
CREATE OR REPLACE FUNCTION public.comment_refusal(p_post_id bigint, p_user_id uuid, p_author_id uuid, p_address text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
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
$function$;
