CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"plugin_id" text,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "uploads_guild_idx" ON "uploads" USING btree ("guild_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_key_idx" ON "uploads" USING btree ("key");