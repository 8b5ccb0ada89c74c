-- Readable source of the SQL function record_live_activity, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- One Live Activity line, for the other slices' SQL functions (record_vault_support_core's
-- unlock line); the stream is public, so the message and the params (core's ActivityParams, from
-- which the web app words the line in its reader's language) hold display names only.
-- Installed by drizzle/0048_activity_params.sql.
CREATE OR REPLACE FUNCTION public.record_live_activity(p_type text, p_message text, p_user_id uuid, p_reference text, p_at timestamp with time zone, p_params jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO activity (type, message, user_id, reference, created_at, params)
    VALUES (p_type, p_message, p_user_id, p_reference, p_at, p_params);
END
$function$;
