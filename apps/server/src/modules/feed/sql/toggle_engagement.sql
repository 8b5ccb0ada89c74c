-- Readable source of the SQL function toggle_engagement, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- A like or bookmark toggled in one call (engagement-repo.ts). One round trip and no transaction
-- around it: the post's row lock is held for this call and its commit only (bench:mix).
-- Answers 'on', 'off', 'none' (nothing to take away), 'post_not_found' or 'unauthorized'. A
-- like also moves the post's like count, the author's likes received that UTC day (analytics'
-- table) and queues its rewarded event (emissions' queue_rewarded_event); a self-like is counted but neither
-- rewarded nor counted as received. Tested by engage.test.ts.
-- Installed by drizzle/0037_slice_sql_twins.sql.
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
