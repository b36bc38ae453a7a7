CREATE TABLE "account_link_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"guild_id" text NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_links" (
	"guild_id" text NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"avatar_url" text,
	"linked_by" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_links_guild_id_provider_pk" PRIMARY KEY("guild_id","provider")
);
--> statement-breakpoint
CREATE INDEX "account_link_states_created_at_idx" ON "account_link_states" USING btree ("created_at");