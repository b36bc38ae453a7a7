CREATE TABLE "deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"plugin_id" text NOT NULL,
	"item_id" text NOT NULL,
	"status" text NOT NULL,
	"nonce" text NOT NULL,
	"channel_id" text,
	"body" jsonb,
	"message_id" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_backoffs" (
	"provider" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "run_status" (
	"guild_id" text NOT NULL,
	"plugin_id" text NOT NULL,
	"item_id" text NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_posted_at" timestamp with time zone,
	"last_channel_id" text,
	"last_message_id" text,
	"next_run_at" timestamp with time zone,
	"error_code" text,
	"error_values" jsonb,
	"error_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	CONSTRAINT "run_status_guild_id_plugin_id_item_id_pk" PRIMARY KEY("guild_id","plugin_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "source_polls" (
	"provider" text NOT NULL,
	"source_id" text NOT NULL,
	"state" jsonb,
	"checked_at" timestamp with time zone,
	"gone_reason" text,
	CONSTRAINT "source_polls_provider_source_id_pk" PRIMARY KEY("provider","source_id")
);
--> statement-breakpoint
CREATE INDEX "deliveries_item_idx" ON "deliveries" USING btree ("guild_id","plugin_id","item_id","claimed_at");