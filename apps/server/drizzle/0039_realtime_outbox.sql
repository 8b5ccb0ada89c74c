CREATE TABLE "realtime_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audience" jsonb NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
