ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" text;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session" ON "push_subscriptions" USING btree ("session_id");