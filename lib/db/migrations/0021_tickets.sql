-- Tickets (issue 24): what the bot reports of the tickets members open through a ticket panel,
-- numbered per guild, with the transcript it sends when one closes.
CREATE TABLE "tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"number" integer NOT NULL,
	"panel_id" text,
	"channel_id" text NOT NULL,
	"opener_id" text NOT NULL,
	"opener_name" text,
	"status" text DEFAULT 'open' NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"closed_by" text,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transcript" jsonb,
	"opened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_guild_number_idx" ON "tickets" USING btree ("guild_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_guild_channel_idx" ON "tickets" USING btree ("guild_id","channel_id");