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
-- Installed by drizzle/0041_set_follow.sql; since 0058_one_write_through_batch.sql a batch of one
-- through set_follows, which holds the rules.
CREATE OR REPLACE FUNCTION public.set_follow(p_viewer_id uuid, p_address text, p_on boolean, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
BEGIN
  RETURN (SELECT f FROM set_follows(ARRAY[p_viewer_id], ARRAY[p_address], ARRAY[p_on],
    ARRAY[p_now]) AS f);
END
$function$;
