CREATE TABLE "member_birthdays" (
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"month" integer NOT NULL,
	"day" integer NOT NULL,
	"year" integer,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_birthdays_guild_id_user_id_pk" PRIMARY KEY("guild_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "member_birthdays_calendar_idx" ON "member_birthdays" USING btree ("guild_id","month","day","user_id");--> statement-breakpoint
CREATE INDEX "economy_balances_richest_idx" ON "economy_balances" USING btree ("guild_id","coins" DESC NULLS LAST,"user_id");