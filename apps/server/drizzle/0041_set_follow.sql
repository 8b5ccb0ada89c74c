-- A follow or unfollow in one call (modules/people/sql/set_follow.sql): it was ten round trips
-- in a transaction (the wallets, the pair's lock, the blocks, the follow, the day's counter, the
-- rewarded event, the count), each a wake-up of the database and of the server. The rules stay
-- the people slice's; the counter and the event go through their slices' functions.
CREATE FUNCTION set_follow(p_viewer_id uuid, p_address text, p_on boolean, p_now timestamptz)
RETURNS jsonb
LANGUAGE plpgsql AS $$
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
END $$;
