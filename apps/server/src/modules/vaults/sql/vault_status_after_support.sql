-- Readable source of the SQL function vault_status_after_support, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- When a vault unlocks: statusAfterSupport in packages/core/src/vaults.ts, which
-- unlock-rule.test.ts runs side by side with this over generated cases.
-- Installed by drizzle/0013_vault_status_after_support.sql.
CREATE OR REPLACE FUNCTION public.vault_status_after_support(p_status text, p_total bigint, p_target bigint)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT CASE WHEN p_status = 'active' AND p_total >= p_target THEN 'unlocked' ELSE p_status END
$function$;
