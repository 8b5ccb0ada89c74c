-- Readable source of the SQL function analytics_add_to_day, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- The twin of repo.ts addToDay for the other slices' SQL functions (toggle_engagement,
-- add_comment, record_vault_support(s), set_follow): adds p_amount to a wallet's counter for the
-- UTC day of p_at, as a pending change (analytics_change_day).
-- Installed by drizzle/0042_analytics_daily_changes.sql.
CREATE OR REPLACE FUNCTION public.analytics_add_to_day(p_user_id uuid, p_at timestamp with time zone, p_counter text, p_amount bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM analytics_change_day(p_user_id, p_at, p_counter, p_amount);
END
$function$;
