-- Whether one wallet follows another, as the people slice's function (modules/people/sql), for
-- the messages slice's one-statement writes: a new conversation reaches the recipient's inbox
-- when they follow the sender. It replaces a SQL fragment the people slice exported for others
-- to splice into their statements. Called for one row per message, so not being inlined costs
-- nothing measurable; the index on follows' primary key answers it.
CREATE FUNCTION follows_wallet(p_follower_id uuid, p_following_id uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM follows WHERE follower_id = p_follower_id AND following_id = p_following_id
  )
$$;
