-- Readable source of the SQL function record_live_activities, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Live Activity lines in the order given (their ids follow it), as record_live_activity writes
-- one: the emission sequencer's batch statement writes its milestone and reward lines with it.
-- Installed by drizzle/0050_owner_functions.sql.
CREATE OR REPLACE FUNCTION public.record_live_activities(p_types text[], p_messages text[], p_params jsonb[], p_user_ids uuid[], p_references text[], p_ats timestamp with time zone[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO activity (type, message, params, user_id, reference, created_at)
    SELECT a.type, a.message, a.params, a.user_id, a.reference, a.created_at
    FROM unnest(p_types, p_messages, p_params, p_user_ids, p_references, p_ats)
      WITH ORDINALITY AS a(type, message, params, user_id, reference, created_at, n)
    ORDER BY a.n;
END
$function$;
