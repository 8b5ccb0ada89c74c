CREATE TABLE "capsule_waiters" (
	"message_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "capsule_waiters_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "unlock_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "opened_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "waiting_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "capsule_key" text;--> statement-breakpoint
ALTER TABLE "capsule_waiters" ADD CONSTRAINT "capsule_waiters_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capsule_waiters" ADD CONSTRAINT "capsule_waiters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capsule_waiters_user" ON "capsule_waiters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_capsules_sealed" ON "messages" USING btree ("unlock_at","id") WHERE "messages"."kind" = 'capsule' and "messages"."opened_at" is null;--> statement-breakpoint
CREATE INDEX "messages_capsules_opened" ON "messages" USING btree ("created_at","id") WHERE "messages"."kind" = 'capsule' and "messages"."opened_at" is not null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_capsule_unlock" CHECK (("messages"."kind" = 'capsule') = ("messages"."unlock_at" is not null) and ("messages"."opened_at" is null or "messages"."kind" = 'capsule'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_waiting_non_negative" CHECK ("messages"."waiting_count" >= 0);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind" CHECK ("messages"."kind" in ('public', 'vault', 'capsule'));