CREATE TABLE "guild_activity" (
	"guild_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"joins" integer DEFAULT 0 NOT NULL,
	"leaves" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "guild_activity_guild_id_hour_pk" PRIMARY KEY("guild_id","hour")
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_s" integer NOT NULL,
	"size_bytes" bigint NOT NULL,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recordings_guild_started_idx" ON "recordings" USING btree ("guild_id","started_at","id");