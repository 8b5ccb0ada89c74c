-- Readable source of the SQL function analytics_add_to_day, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- The twin of repo.ts addToDay for the other slices' SQL functions (toggle_engagement,
-- add_comment, record_vault_support(s)): adds p_amount to a wallet's counter for the UTC day of
-- p_at, an upsert. One branch per counter, so each statement is planned once per session.
-- Installed by drizzle/0037_slice_sql_twins.sql.
CREATE OR REPLACE FUNCTION public.analytics_add_to_day(p_user_id uuid, p_at timestamp with time zone, p_counter text, p_amount bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_counter = 'posts' THEN
    INSERT INTO analytics_daily (user_id, day, posts)
      VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date, p_amount)
      ON CONFLICT (user_id, day) DO UPDATE SET posts = analytics_daily.posts + excluded.posts;
  ELSIF p_counter = 'likes_received' THEN
    INSERT INTO analytics_daily (user_id, day, likes_received)
      VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date, p_amount)
      ON CONFLICT (user_id, day) DO UPDATE SET likes_received = analytics_daily.likes_received + excluded.likes_received;
  ELSIF p_counter = 'comments_received' THEN
    INSERT INTO analytics_daily (user_id, day, comments_received)
      VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date, p_amount)
      ON CONFLICT (user_id, day) DO UPDATE SET comments_received = analytics_daily.comments_received + excluded.comments_received;
  ELSIF p_counter = 'followers_gained' THEN
    INSERT INTO analytics_daily (user_id, day, followers_gained)
      VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date, p_amount)
      ON CONFLICT (user_id, day) DO UPDATE SET followers_gained = analytics_daily.followers_gained + excluded.followers_gained;
  ELSIF p_counter = 'sol_raised' THEN
    INSERT INTO analytics_daily (user_id, day, sol_raised)
      VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date, p_amount)
      ON CONFLICT (user_id, day) DO UPDATE SET sol_raised = analytics_daily.sol_raised + excluded.sol_raised;
  ELSE
    RAISE EXCEPTION 'unknown analytics counter %', p_counter;
  END IF;
END
$function$;
