CREATE TABLE "giveaway_entries" (
	"guild_id" text NOT NULL,
	"giveaway_id" text NOT NULL,
	"user_id" text NOT NULL,
	"entries" integer NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaway_entries_giveaway_id_user_id_pk" PRIMARY KEY("giveaway_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "giveaway_runs" (
	"giveaway_id" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"status" text NOT NULL,
	"channel_id" text NOT NULL,
	"message_id" text,
	"prize" text NOT NULL,
	"winner_count" integer NOT NULL,
	"required_role_ids" jsonb NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "giveaway_winners" (
	"guild_id" text NOT NULL,
	"giveaway_id" text NOT NULL,
	"user_id" text NOT NULL,
	"round" integer NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaway_winners_giveaway_id_user_id_pk" PRIMARY KEY("giveaway_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_giveaway_id_plugin_items_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."plugin_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_runs" ADD CONSTRAINT "giveaway_runs_giveaway_id_plugin_items_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."plugin_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_winners" ADD CONSTRAINT "giveaway_winners_giveaway_id_plugin_items_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."plugin_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "giveaway_entries_guild_idx" ON "giveaway_entries" USING btree ("guild_id","giveaway_id");--> statement-breakpoint
CREATE INDEX "giveaway_runs_guild_idx" ON "giveaway_runs" USING btree ("guild_id","status");--> statement-breakpoint
CREATE INDEX "giveaway_winners_guild_idx" ON "giveaway_winners" USING btree ("guild_id","giveaway_id");