CREATE TABLE "discover_top_creators" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"dum_earned" bigint NOT NULL,
	CONSTRAINT "discover_top_creators_earned" CHECK ("discover_top_creators"."dum_earned" > 0)
);
--> statement-breakpoint
CREATE TABLE "discover_trending_posts" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL,
	CONSTRAINT "discover_trending_posts_score" CHECK ("discover_trending_posts"."score" > 0)
);
--> statement-breakpoint
CREATE TABLE "discover_trending_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"post_count" integer NOT NULL,
	CONSTRAINT "discover_trending_tags_count" CHECK ("discover_trending_tags"."post_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The tags of the posts already there (new posts get theirs from core's extractHashtags, which
-- this pattern follows): lower-cased, each once, in order of first appearance.
UPDATE "messages" SET "tags" = ARRAY(
  SELECT found.tag FROM (
    SELECT lower(m.match[1]) AS tag, min(m.n) AS first
    FROM regexp_matches("messages"."body", '(?<![[:alnum:]_])#([[:alnum:]_]{1,50})', 'g')
      WITH ORDINALITY AS m(match, n)
    GROUP BY 1
  ) found ORDER BY found.first
) WHERE "body" LIKE '%#%';--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', body)) STORED;--> statement-breakpoint
CREATE INDEX "discover_top_creators_rank" ON "discover_top_creators" USING btree ("dum_earned","user_id");--> statement-breakpoint
CREATE INDEX "discover_trending_posts_rank" ON "discover_trending_posts" USING btree ("score","post_id");--> statement-breakpoint
CREATE INDEX "discover_trending_tags_rank" ON "discover_trending_tags" USING btree ("post_count","tag");--> statement-breakpoint
CREATE INDEX "emission_ledger_engagement_time" ON "emission_ledger" USING btree ("created_at") WHERE "emission_ledger"."kind" in ('like_given', 'comment_created', 'vault_supported');--> statement-breakpoint
CREATE INDEX "users_username_prefix" ON "users" USING btree ((lower("username") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_display_name_prefix" ON "users" USING btree ((lower("display_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_address_prefix" ON "users" USING btree (("sol_address" collate "C"),"id");--> statement-breakpoint
CREATE INDEX "comments_recent" ON "comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "engagements_recent_likes" ON "engagements" USING btree ("created_at") WHERE "engagements"."kind" = 'like';--> statement-breakpoint
CREATE INDEX "messages_tags" ON "messages" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "messages_search" ON "messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "escrow_deposits_recent" ON "escrow_deposits" USING btree ("last_update_ts");--> statement-breakpoint
CREATE INDEX "vault_supports_recent" ON "vault_supports" USING btree ("created_at");