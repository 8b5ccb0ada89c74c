CREATE TABLE "analytics_daily_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_daily_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"likes_received" integer DEFAULT 0 NOT NULL,
	"comments_received" integer DEFAULT 0 NOT NULL,
	"followers_gained" integer DEFAULT 0 NOT NULL,
	"sol_raised" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_changes_user_day" ON "analytics_daily_changes" USING btree ("user_id","day");--> statement-breakpoint
-- An action's counter is a row appended to analytics_daily_changes, not an update of its
-- wallet's day row: the likes and comments of a popular wallet's posts waited on each other for
-- that row (bench:writes). modules/analytics moves the rows into analytics_daily.
CREATE OR REPLACE FUNCTION analytics_add_to_day(p_user_id uuid, p_at timestamptz, p_counter text, p_amount bigint)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_change_day(p_user_id, p_at, p_counter, p_amount);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_take_from_day(p_user_id uuid, p_at timestamptz, p_counter text, p_amount bigint)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_change_day(p_user_id, p_at, p_counter, -p_amount);
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_change_day(p_user_id uuid, p_at timestamptz, p_counter text, p_delta bigint)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_counter NOT IN ('posts', 'likes_received', 'comments_received', 'followers_gained', 'sol_raised') THEN
    RAISE EXCEPTION 'unknown analytics counter %', p_counter;
  END IF;
  INSERT INTO analytics_daily_changes (user_id, day, posts, likes_received, comments_received,
      followers_gained, sol_raised)
    VALUES (p_user_id, (p_at AT TIME ZONE 'UTC')::date,
      CASE WHEN p_counter = 'posts' THEN p_delta ELSE 0 END,
      CASE WHEN p_counter = 'likes_received' THEN p_delta ELSE 0 END,
      CASE WHEN p_counter = 'comments_received' THEN p_delta ELSE 0 END,
      CASE WHEN p_counter = 'followers_gained' THEN p_delta ELSE 0 END,
      CASE WHEN p_counter = 'sol_raised' THEN p_delta ELSE 0 END);
END
$$;
