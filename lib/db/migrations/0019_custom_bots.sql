CREATE TABLE "custom_bots" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"bot_user_id" text NOT NULL,
	"application_id" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"presence_status" text DEFAULT 'online' NOT NULL,
	"presence_activity_type" text DEFAULT 'playing' NOT NULL,
	"presence_activity_name" text DEFAULT '' NOT NULL,
	"presence_activity_url" text,
	"backstory_enabled" boolean DEFAULT false NOT NULL,
	"backstory_channel_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"block_acknowledged_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"token_ciphertext" text NOT NULL,
	"token_iv" text NOT NULL,
	"token_tag" text NOT NULL,
	"token_key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "bot_keys" ADD COLUMN "scopes" jsonb DEFAULT '[]'::jsonb NOT NULL;