-- Readable source of the SQL function analytics_change_day, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Appends a change of one counter of a wallet's UTC day to analytics_daily_changes (repo.ts
-- addToDay and takeFromDay call it, and analytics_add_to_day and analytics_take_from_day): no
-- wallet's row is locked, so actions on one popular wallet never wait on each other; repo.ts
-- rollupDailyChanges moves the changes into analytics_daily. One statement, planned once per
-- session.
-- Installed by drizzle/0042_analytics_daily_changes.sql.
CREATE OR REPLACE FUNCTION public.analytics_change_day(p_user_id uuid, p_at timestamp with time zone, p_counter text, p_delta bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_counter NOT IN ('posts', 'likes_received', 'comments_received', 'followers_gained', 'sol_raised') THEN
    RAISE EXCEPTION 'unknown analytics counter %', p_counter;
  END IF;
  INSERT INTO analytics_daily_changes (user_id, day, posts, likes_received, comments_received,
      followers_gained, sol_raised)
    VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date,
      CASE WHEN p_counter = 'posts' THEN p_delta ELSE 0 END,
      CASE WHEN p_counter = 'likes_received' THEN p_delta ELSE 0 END,
      CASE WHEN p_counter = 'comments_received' THEN p_delta ELSE 0 END,
      CASE WHEN p_counter = 'followers_gained' THEN p_delta ELSE 0 END,
      CASE WHEN p_counter = 'sol_raised' THEN p_delta ELSE 0 END);
END
$function$;
