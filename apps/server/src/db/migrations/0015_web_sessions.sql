CREATE TABLE "web_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"flavour" text NOT NULL,
	"subject" text NOT NULL,
	"tokens" text NOT NULL,
	"access_expires_at" timestamp with time zone,
	"renewing_until" timestamp with time zone,
	"profile" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_seconds" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "web_sessions_expires_idx" ON "web_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "web_sessions_subject_idx" ON "web_sessions" USING btree ("subject");