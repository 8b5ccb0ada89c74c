-- Readable source of the SQL function set_follow, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- A follow or unfollow in one call (repo.ts setFollowCall): the viewer and the followed wallet,
-- the pair's lock (the key repo.ts lockPair takes, which blocks take too), the blocks either
-- way, the follow, the followed wallet's followers gained that UTC day (analytics' functions)
-- and the first follow's rewarded event (emissions' queue_rewarded_event). Answers jsonb
-- {outcome: 'done' | 'unauthorized' | 'user_not_found' | 'cannot_follow_self' | 'blocked', ...}
-- with whether anything changed, the follower count and the follower's name for the
-- announcement. Tested by follows.test.ts.
-- Installed by drizzle/0041_set_follow.sql.
CREATE OR REPLACE FUNCTION public.set_follow(p_viewer_id uuid, p_address text, p_on boolean, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_viewer users%ROWTYPE;
  v_target users%ROWTYPE;
  v_changed boolean;
  v_followed_at timestamptz;
BEGIN
  SELECT * INTO v_viewer FROM users WHERE id = p_viewer_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'unauthorized');
  END IF;
  SELECT * INTO v_target FROM users WHERE sol_address = p_address;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'user_not_found');
  END IF;
  IF v_target.id = p_viewer_id THEN
    RETURN jsonb_build_object('outcome', 'cannot_follow_self');
  END IF;
  -- The pair's follows and blocks take turns until commit: the key repo.ts lockPair takes (the
  -- lower id first; uuids order as their text does).
  PERFORM pg_advisory_xact_lock(hashtextextended('dum:people-pair:'
    || least(p_viewer_id, v_target.id)::text || ':' || greatest(p_viewer_id, v_target.id)::text, 0));

  IF p_on THEN
    IF EXISTS (
      SELECT 1 FROM blocks
      WHERE (blocker_id = p_viewer_id AND blocked_id = v_target.id)
        OR (blocker_id = v_target.id AND blocked_id = p_viewer_id)
    ) THEN
      RETURN jsonb_build_object('outcome', 'blocked');
    END IF;
    INSERT INTO follows (follower_id, following_id, created_at)
      VALUES (p_viewer_id, v_target.id, p_now)
      ON CONFLICT DO NOTHING;
    v_changed := FOUND;
    IF v_changed THEN
      PERFORM analytics_add_to_day(v_target.id, p_now, 'followers_gained', 1);
      PERFORM queue_rewarded_event('follow', p_viewer_id, v_target.id,
        p_viewer_id::text || ':' || v_target.id::text, p_now);
    END IF;
  ELSE
    DELETE FROM follows WHERE follower_id = p_viewer_id AND following_id = v_target.id
      RETURNING created_at INTO v_followed_at;
    v_changed := FOUND;
    -- Off the day the follow was made: followers gained counts follows that still hold.
    IF v_changed THEN
      PERFORM analytics_take_from_day(v_target.id, v_followed_at, 'followers_gained', 1);
    END IF;
  END IF;

  RETURN jsonb_build_object(
    'outcome', 'done',
    'changed', v_changed,
    'targetId', v_target.id,
    'followerCount', (SELECT count(*) FROM follows WHERE following_id = v_target.id),
    'followerName', coalesce(v_viewer.display_name, v_viewer.username, v_viewer.sol_address),
    'followerAddress', v_viewer.sol_address
  );
END $function$;
