CREATE TABLE "music_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"command" text NOT NULL,
	"payload" jsonb NOT NULL,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music_players" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"voice_channel_id" text,
	"status" text DEFAULT 'stopped' NOT NULL,
	"current_track_id" text,
	"position_ms" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music_tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"url" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"thumbnail" text,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "music_commands_guild_idx" ON "music_commands" USING btree ("guild_id","id");--> statement-breakpoint
CREATE INDEX "music_tracks_queue_idx" ON "music_tracks" USING btree ("guild_id","position");