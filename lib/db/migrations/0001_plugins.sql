CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "economy_balances" (
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"coins" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "economy_balances_guild_id_user_id_pk" PRIMARY KEY("guild_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "guild_plugins" (
	"guild_id" text NOT NULL,
	"plugin_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "guild_plugins_guild_id_plugin_id_pk" PRIMARY KEY("guild_id","plugin_id")
);
--> statement-breakpoint
CREATE TABLE "plugin_items" (
	"id" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"plugin_id" text NOT NULL,
	"collection" text NOT NULL,
	"data" jsonb NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "user_guild_settings" (
	"user_id" text NOT NULL,
	"guild_id" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_guild_settings_user_id_guild_id_pk" PRIMARY KEY("user_id","guild_id")
);
--> statement-breakpoint
ALTER TABLE "guild_settings" ADD COLUMN "buffs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_settings" ADD COLUMN "onboarding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_settings" ADD COLUMN "guild_locked_down" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_guild_idx" ON "audit_events" USING btree ("guild_id","id");--> statement-breakpoint
CREATE INDEX "plugin_items_list_idx" ON "plugin_items" USING btree ("guild_id","plugin_id","collection","position");