-- Readable source of the SQL function analytics_add_dum_days, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Adds minted DUM to each recipient's UTC day by kind (what the analytics screen's DUM chart
-- reads), summed per key and written in key order; amounts of zero write nothing. The emission
-- sequencer's batch statement and bonus mints call it, in step with their ledger rows.
-- Installed by drizzle/0050_owner_functions.sql.
CREATE OR REPLACE FUNCTION public.analytics_add_dum_days(p_user_ids uuid[], p_kinds text[], p_amounts bigint[], p_ats timestamp with time zone[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO analytics_dum_daily (user_id, day, kind, amount)
    SELECT d.user_id, (d.created_at AT TIME ZONE 'UTC')::date, d.kind, sum(d.amount)
    FROM unnest(p_user_ids, p_kinds, p_amounts, p_ats) AS d(user_id, kind, amount, created_at)
    WHERE d.amount > 0
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (user_id, day, kind) DO UPDATE SET
      amount = analytics_dum_daily.amount + excluded.amount;
END
$function$;
