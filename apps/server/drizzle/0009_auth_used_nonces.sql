CREATE TABLE "auth_used_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "auth_challenges" CASCADE;--> statement-breakpoint
CREATE INDEX "auth_used_nonces_expires_at" ON "auth_used_nonces" USING btree ("expires_at");