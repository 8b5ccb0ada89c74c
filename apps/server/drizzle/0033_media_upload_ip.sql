ALTER TABLE "media" ADD COLUMN "upload_ip" text;--> statement-breakpoint
CREATE INDEX "media_upload_ip" ON "media" USING btree ("upload_ip","created_at") WHERE "media"."upload_ip" is not null;