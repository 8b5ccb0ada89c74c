-- Readable source of the SQL function credit_dum_accounts, as PostgreSQL prints the definition the
-- migrations leave (pg_get_functiondef); sql-sources.test.ts fails when the two differ. Change it
-- with a new migration, then copy the new definition here.
--
-- Adds DUM to balances and lifetime earnings, a wallet per element, in the order given (callers
-- pass them in id order: the same lock order in every batch). The emission sequencer's batch
-- statement and bonus mints (modules/emissions) call it: economy imports emissions.
-- Installed by drizzle/0050_owner_functions.sql.
CREATE OR REPLACE FUNCTION public.credit_dum_accounts(p_user_ids uuid[], p_amounts bigint[], p_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO dum_accounts (user_id, balance, total_earned, updated_at)
    SELECT c.user_id, c.amount, c.amount, p_at
    FROM unnest(p_user_ids, p_amounts) WITH ORDINALITY AS c(user_id, amount, n)
    ORDER BY c.n
    ON CONFLICT (user_id) DO UPDATE SET
      balance = dum_accounts.balance + excluded.balance,
      total_earned = dum_accounts.total_earned + excluded.total_earned,
      updated_at = excluded.updated_at;
END
$function$;
