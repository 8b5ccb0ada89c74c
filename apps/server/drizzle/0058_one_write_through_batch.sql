-- toggle_engagement and set_follow carried the same rules as their batch twins
-- (toggle_engagements, set_follows), written a second time. A single write is now a batch of
-- one, so each rule lives in one function. The batch functions still call these for a repeat
-- within a batch; a batch of one holds no repeat, so that call goes no deeper.
CREATE OR REPLACE FUNCTION toggle_engagement(p_post_id bigint, p_user_id uuid, p_kind text,
  p_now timestamptz)
RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT t FROM toggle_engagements(ARRAY[p_post_id], ARRAY[p_user_id], ARRAY[p_kind],
    ARRAY[p_now]) AS t);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION set_follow(p_viewer_id uuid, p_address text, p_on boolean,
  p_now timestamptz)
RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT f FROM set_follows(ARRAY[p_viewer_id], ARRAY[p_address], ARRAY[p_on],
    ARRAY[p_now]) AS f);
END
$$;
