CREATE TABLE "moderation_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"moderator_id" uuid,
	"action" text NOT NULL,
	"report_id" bigint,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"target_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "moderation_actions_action" CHECK ("moderation_actions"."action" in ('dismiss', 'remove', 'suspend', 'lift', 'auto_hide', 'hold'))
);
--> statement-breakpoint
CREATE TABLE "moderation_hidden_posts" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"cause" text NOT NULL,
	"original_expires_at" timestamp (3) with time zone,
	"hidden_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reporter_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"target_user_id" uuid NOT NULL,
	"post_id" bigint,
	"reason" text NOT NULL,
	"note" text,
	"snapshot" jsonb NOT NULL,
	"trusted" boolean NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"decided_at" timestamp (3) with time zone,
	CONSTRAINT "reports_target_kind" CHECK ("reports"."target_kind" in ('post', 'comment', 'message', 'wallet')),
	CONSTRAINT "reports_reason" CHECK ("reports"."reason" in ('spam', 'harassment', 'illegal', 'scam', 'other')),
	CONSTRAINT "reports_status" CHECK ("reports"."status" in ('open', 'dismissed', 'removed', 'suspended')),
	CONSTRAINT "reports_decided" CHECK (("reports"."status" = 'open') = ("reports"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "wallet_restrictions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_restrictions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone,
	"lifted_at" timestamp (3) with time zone,
	CONSTRAINT "wallet_restrictions_kind" CHECK ("wallet_restrictions"."kind" in ('suspension', 'hold'))
);
--> statement-breakpoint
ALTER TABLE "moderation_hidden_posts" ADD CONSTRAINT "moderation_hidden_posts_post_id_messages_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_restrictions" ADD CONSTRAINT "wallet_restrictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_report" ON "moderation_actions" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_target_user" ON "moderation_actions" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open" ON "reports" USING btree ("reporter_id","target_kind","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reporter" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_open" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target" ON "reports" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "reports_target_user" ON "reports" USING btree ("target_user_id","status");--> statement-breakpoint
CREATE INDEX "reports_open_post" ON "reports" USING btree ("post_id") WHERE "reports"."status" = 'open' and "reports"."post_id" is not null;--> statement-breakpoint
CREATE INDEX "wallet_restrictions_user" ON "wallet_restrictions" USING btree ("user_id","kind");--> statement-breakpoint
-- The audit log is append-only: whatever the code does, an UPDATE or DELETE of a row fails.
CREATE FUNCTION "moderation_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_actions is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_actions_append_only" BEFORE UPDATE OR DELETE ON "moderation_actions"
  FOR EACH ROW EXECUTE FUNCTION "moderation_actions_append_only"();
