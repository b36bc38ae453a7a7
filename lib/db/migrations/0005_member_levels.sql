CREATE TABLE "member_levels" (
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"xp" bigint DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"display_name" text NOT NULL,
	"username" text NOT NULL,
	"avatar" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_levels_guild_id_user_id_pk" PRIMARY KEY("guild_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "member_levels_rank_idx" ON "member_levels" USING btree ("guild_id","xp" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "member_levels_name_idx" ON "member_levels" USING btree ("guild_id",lower("display_name") text_pattern_ops);