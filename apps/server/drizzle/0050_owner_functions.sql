-- The writes that crossed a slice's wall inside another slice's one statement go through the
-- owner's function instead (docs/decisions/017-rules-in-sql-or-typescript.md): sign-in creates
-- its wallet user through users' create_wallet_user, people's verified rule stores its verdicts
-- through users' set_users_verified, and the emission sequencer's batch credits balances,
-- writes Live Activity and sums DUM per day through economy's and analytics' functions. Each
-- takes arrays where its caller writes many rows in one statement.
CREATE FUNCTION create_wallet_user(p_address text, p_referral_code text, p_referred_by_code text)
RETURNS TABLE (user_id uuid, address text)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    INSERT INTO users AS u (sol_address, referral_code, referred_by_id)
      VALUES (p_address, p_referral_code,
        (SELECT r.id FROM users r WHERE r.referral_code = p_referred_by_code))
      ON CONFLICT DO NOTHING
      RETURNING u.id, u.sol_address;
END
$$;--> statement-breakpoint
CREATE FUNCTION set_users_verified(p_ids uuid[], p_verified boolean[])
RETURNS SETOF uuid
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    UPDATE users u SET is_verified = v.verified
      FROM unnest(p_ids, p_verified) AS v(id, verified)
      -- The ids again, so the planner reads users by its key rather than scanning it to join.
      WHERE u.id = ANY(p_ids) AND u.id = v.id AND u.is_verified <> v.verified
      RETURNING u.id;
END
$$;--> statement-breakpoint
CREATE FUNCTION credit_dum_accounts(p_user_ids uuid[], p_amounts bigint[], p_at timestamptz)
RETURNS void
LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE FUNCTION record_live_activities(p_types text[], p_messages text[], p_params jsonb[], p_user_ids uuid[], p_references text[], p_ats timestamptz[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity (type, message, params, user_id, reference, created_at)
    SELECT a.type, a.message, a.params, a.user_id, a.reference, a.created_at
    FROM unnest(p_types, p_messages, p_params, p_user_ids, p_references, p_ats)
      WITH ORDINALITY AS a(type, message, params, user_id, reference, created_at, n)
    ORDER BY a.n;
END
$$;--> statement-breakpoint
CREATE FUNCTION analytics_add_dum_days(p_user_ids uuid[], p_kinds text[], p_amounts bigint[], p_ats timestamptz[])
RETURNS void
LANGUAGE plpgsql AS $$
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
$$;
