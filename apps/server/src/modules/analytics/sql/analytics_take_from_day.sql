-- Readable source of the SQL function analytics_take_from_day, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- The twin of repo.ts takeFromDay (toggle_engagement's unlike): takes p_amount off a wallet's
-- counter for the UTC day of p_at, never below zero; no row, nothing to take.
-- Installed by drizzle/0037_slice_sql_twins.sql.
CREATE OR REPLACE FUNCTION public.analytics_take_from_day(p_user_id uuid, p_at timestamp with time zone, p_counter text, p_amount bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_counter = 'posts' THEN
    UPDATE analytics_daily SET posts = greatest(posts - p_amount, 0)
      WHERE user_id = p_user_id AND day = (p_at AT TIME ZONE 'UTC')::date;
  ELSIF p_counter = 'likes_received' THEN
    UPDATE analytics_daily SET likes_received = greatest(likes_received - p_amount, 0)
      WHERE user_id = p_user_id AND day = (p_at AT TIME ZONE 'UTC')::date;
  ELSIF p_counter = 'comments_received' THEN
    UPDATE analytics_daily SET comments_received = greatest(comments_received - p_amount, 0)
      WHERE user_id = p_user_id AND day = (p_at AT TIME ZONE 'UTC')::date;
  ELSIF p_counter = 'followers_gained' THEN
    UPDATE analytics_daily SET followers_gained = greatest(followers_gained - p_amount, 0)
      WHERE user_id = p_user_id AND day = (p_at AT TIME ZONE 'UTC')::date;
  ELSIF p_counter = 'sol_raised' THEN
    UPDATE analytics_daily SET sol_raised = greatest(sol_raised - p_amount, 0)
      WHERE user_id = p_user_id AND day = (p_at AT TIME ZONE 'UTC')::date;
  ELSE
    RAISE EXCEPTION 'unknown analytics counter %', p_counter;
  END IF;
END
$function$;
