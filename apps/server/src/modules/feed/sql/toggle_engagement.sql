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
-- Installed by drizzle/0037_slice_sql_twins.sql; since 0058_one_write_through_batch.sql a batch of
-- one through toggle_engagements, which holds the rules.
CREATE OR REPLACE FUNCTION public.toggle_engagement(p_post_id bigint, p_user_id uuid, p_kind text, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
BEGIN
  RETURN (SELECT t FROM toggle_engagements(ARRAY[p_post_id], ARRAY[p_user_id], ARRAY[p_kind],
    ARRAY[p_now]) AS t);
END
$function$;
