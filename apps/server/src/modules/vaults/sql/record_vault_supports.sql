-- Readable source of the SQL function record_vault_supports, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- A batch of supports in one call (support-writer.ts, sorted by vault): each through
-- record_vault_support_core in order, then the creators' SOL raised per UTC day in (creator, day)
-- order, so concurrent batches lock in one order and cannot deadlock. Answers each support's
-- result, in order. Tested by vaults.test.ts and sql-sources.test.ts.
-- Installed by drizzle/0037_slice_sql_twins.sql.
CREATE OR REPLACE FUNCTION public.record_vault_supports(p_supports jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_item jsonb;
  v_results jsonb := '[]'::jsonb;
  v_raised record;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_supports) WITH ORDINALITY ORDER BY ordinality LOOP
    v_results := v_results || jsonb_build_array(record_vault_support_core(
      (v_item->>'vaultId')::bigint,
      (v_item->>'supporterId')::uuid,
      v_item->>'signature',
      (v_item->>'amount')::bigint,
      (v_item->>'slot')::bigint,
      (v_item->>'now')::timestamptz));
  END LOOP;
  -- In (creator, day) order, so concurrent batches take the analytics rows in one order.
  FOR v_raised IN
    SELECT v.creator_id, ((i.item->>'now')::timestamptz AT TIME ZONE 'UTC')::date AS day,
      sum((i.item->>'amount')::bigint)::bigint AS amount
    FROM jsonb_array_elements(p_supports) WITH ORDINALITY AS i(item, n)
    JOIN jsonb_array_elements(v_results) WITH ORDINALITY AS r(result, n) ON r.n = i.n
    JOIN vaults v ON v.id = (i.item->>'vaultId')::bigint
    WHERE r.result->>'outcome' = 'recorded'
    GROUP BY 1, 2
    ORDER BY 1, 2
  LOOP
    PERFORM analytics_add_to_day(v_raised.creator_id, v_raised.day::timestamp AT TIME ZONE 'UTC',
      'sol_raised', v_raised.amount);
  END LOOP;
  RETURN v_results;
END
$function$;
