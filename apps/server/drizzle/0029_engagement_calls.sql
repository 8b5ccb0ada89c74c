-- A like or bookmark toggled in one call (modules/feed/repo.ts toggleEngagementRow). One round
-- trip and no transaction around it: the post's row lock is held for this call and its commit
-- only, where it used to be held across seven round trips between the server and the database
-- (bench:mix). Every statement below runs after the lock is granted, so each sees the toggles
-- before it (a like clicked twice at once is on, then off).
-- Answers 'on', 'off' (the like or bookmark was taken away), 'none' (there was nothing to take
-- away: another toggle of a bookmark just did), 'post_not_found' or 'unauthorized' (the
-- viewer's row is gone). A like also moves the post's like count, the author's likes received
-- that UTC day (modules/analytics addToDay / takeFromDay) and queues its rewarded event
-- (modules/emissions recordRewardedEvent); a self-like is counted but neither rewarded nor
-- counted as received.
-- The author of a post the viewer may act on: live (not expired), and not a pending escrow post
-- of someone else's (to anyone but its author that does not exist yet); null otherwise. The
-- rule of modules/feed/repo.ts lockLivePost, for the calls below, which take the post's row
-- lock first and then ask, so the answer is read after the lock is granted.
CREATE OR REPLACE FUNCTION live_post_author(
  p_post_id bigint,
  p_viewer_id uuid,
  p_now timestamptz
) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT m.author_id FROM messages m
  WHERE m.id = p_post_id AND (m.expires_at IS NULL OR m.expires_at > p_now)
    AND (m.kind <> 'vault' OR m.author_id = p_viewer_id OR NOT EXISTS (
      SELECT 1 FROM vaults pv JOIN escrow_vaults pe ON pe.vault_id = pv.id
      WHERE pv.message_id = m.id AND pe.state = 'pending'))
$$;

CREATE OR REPLACE FUNCTION toggle_engagement(
  p_post_id bigint,
  p_user_id uuid,
  p_kind text,
  p_now timestamptz
) RETURNS text
LANGUAGE plpgsql AS $$
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
        INSERT INTO analytics_daily (user_id, day, likes_received)
          VALUES (v_author, (p_now AT TIME ZONE 'UTC')::date, 1)
          ON CONFLICT (user_id, day) DO UPDATE
            SET likes_received = analytics_daily.likes_received + 1;
        INSERT INTO emission_queue (kind, actor_id, subject_id, reference, created_at)
          VALUES ('like_given', p_user_id, v_author, p_post_id::text, p_now);
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
      UPDATE analytics_daily SET likes_received = greatest(likes_received - 1, 0)
        WHERE user_id = v_author AND day = (v_given AT TIME ZONE 'UTC')::date;
    END IF;
  END IF;
  RETURN 'off';
END $$;

-- A comment added in one call (modules/feed/repo.ts addCommentRow), for the same reason: the
-- post's row lock (comment counts of one post take turns) is held for this call and its commit
-- only. Answers jsonb: {outcome: 'added', id, createdAt, and the commenter's solAddress, username,
-- displayName, avatarUrl}, or {outcome: 'post_not_found' | 'blocked' | 'unauthorized'} with
-- nothing written. Neither may comment on the other's posts while a block stands between them.
-- The comment also moves the post's comment count, the author's comments received that UTC
-- day (not counting their own) and queues its rewarded event (not for a comment on one's own
-- post).
CREATE OR REPLACE FUNCTION add_comment(
  p_post_id bigint,
  p_user_id uuid,
  p_body text,
  p_now timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
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
    INSERT INTO analytics_daily (user_id, day, comments_received)
      VALUES (v_author, (p_now AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT (user_id, day) DO UPDATE
        SET comments_received = analytics_daily.comments_received + 1;
    INSERT INTO emission_queue (kind, actor_id, subject_id, reference, created_at)
      VALUES ('comment_created', p_user_id, v_author, v_id::text, p_now);
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
END $$;
