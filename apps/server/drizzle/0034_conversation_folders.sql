DROP INDEX "conversations_user_time";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "folder" text DEFAULT 'inbox' NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_user_folder_time" ON "conversations" USING btree ("user_id","folder","updated_at" DESC NULLS LAST,"peer_id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_folder" CHECK ("conversations"."folder" in ('inbox', 'requests', 'declined'));