CREATE TABLE "guild_settings" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"prefix" text DEFAULT '!' NOT NULL,
	"locale" text,
	"application_commands_enabled" boolean DEFAULT true NOT NULL,
	"application_commands_localized" boolean DEFAULT true NOT NULL,
	"default_embed_color" integer,
	"ignored_channel_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bot_added_at" timestamp with time zone,
	"bot_added_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "login_states" (
	"state" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"global_name" text,
	"discriminator" text DEFAULT '0' NOT NULL,
	"avatar" text,
	"email" text,
	"locale" text,
	"flags" bigint DEFAULT 0 NOT NULL,
	"analytics_id" text NOT NULL,
	"customer_id" text,
	"first_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_states_created_at_idx" ON "login_states" USING btree ("created_at");