CREATE TABLE "reposts" (
	"message_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "reposts_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "muted_words" (
	"user_id" uuid NOT NULL,
	"word" text NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "muted_words_user_id_word_pk" PRIMARY KEY("user_id","word")
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"message_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"option" smallint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "poll_votes_message_id_user_id_pk" PRIMARY KEY("message_id","user_id"),
	CONSTRAINT "poll_votes_option" CHECK ("poll_votes"."option" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"options" text[] NOT NULL,
	"vote_counts" integer[] NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"ended_notified_at" timestamp (3) with time zone,
	CONSTRAINT "polls_options" CHECK (cardinality("polls"."options") between 2 and 4 and cardinality("polls"."vote_counts") = cardinality("polls"."options"))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_counts_non_negative";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reply_to_author_id" uuid;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reply_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "mentions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_policy" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "quote_of" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "repost_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mentions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reposts" ADD CONSTRAINT "reposts_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reposts" ADD CONSTRAINT "reposts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muted_words" ADD CONSTRAINT "muted_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_message_id_polls_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."polls"("message_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reposts_user_time" ON "reposts" USING btree ("user_id","created_at","message_id");--> statement-breakpoint
CREATE INDEX "poll_votes_user" ON "poll_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "polls_ending" ON "polls" USING btree ("ends_at") WHERE "polls"."ended_notified_at" is null;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_author_id_users_id_fk" FOREIGN KEY ("reply_to_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_replies" ON "comments" USING btree ("parent_id","created_at","id") WHERE "comments"."parent_id" is not null;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_count_non_negative" CHECK ("comments"."reply_count" >= 0);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reply_policy" CHECK ("messages"."reply_policy" in ('everyone', 'following', 'mentioned'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_counts_non_negative" CHECK ("messages"."like_count" >= 0 and "messages"."comment_count" >= 0 and "messages"."repost_count" >= 0);