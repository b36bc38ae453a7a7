CREATE TABLE "guild_surveys" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"discord_usage" text NOT NULL,
	"is_business" boolean NOT NULL,
	"answered_by" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_onboarding" (
	"user_id" text PRIMARY KEY NOT NULL,
	"answers" jsonb,
	"answered_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
