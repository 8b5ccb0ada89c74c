DROP INDEX "messages_author";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "purpose" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_author_time" ON "messages" USING btree ("author_id","created_at","id","expires_at","kind");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_purpose" CHECK ("media"."purpose" in ('upload', 'avatar'));