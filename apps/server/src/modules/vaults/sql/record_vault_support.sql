-- Readable source of the SQL function record_vault_support, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- One support (support-writer.ts): record_vault_support_core, then the creator's SOL raised that
-- UTC day (analytics' analytics_add_to_day) when it was recorded. Tested by vaults.test.ts.
-- Installed by drizzle/0037_slice_sql_twins.sql.
CREATE OR REPLACE FUNCTION public.record_vault_support(p_vault_id bigint, p_supporter_id uuid, p_signature text, p_amount bigint, p_slot bigint, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_result jsonb;
BEGIN
  v_result := record_vault_support_core(p_vault_id, p_supporter_id, p_signature, p_amount, p_slot, p_now);
  IF v_result->>'outcome' = 'recorded' THEN
    PERFORM analytics_add_to_day(creator_id, p_now, 'sol_raised', p_amount)
      FROM vaults WHERE id = p_vault_id;
  END IF;
  RETURN v_result;
END
$function$;
