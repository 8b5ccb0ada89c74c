-- follows_wallet's body, SELECT EXISTS (subquery), was thought inlinable, but PostgreSQL inlines
-- a SQL function only when its one SELECT has no sub-select either: it planned the probe anew
-- on every direct message (about 50 µs a call, one connection, nothing else running). PL/pgSQL
-- keeps the plan for the session. Same name, arguments, answer and volatility (decision 017).
CREATE OR REPLACE FUNCTION follows_wallet(p_follower_id uuid, p_following_id uuid)
RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM follows WHERE follower_id = p_follower_id AND following_id = p_following_id);
END
$$;
