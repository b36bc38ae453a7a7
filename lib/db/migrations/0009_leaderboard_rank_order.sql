-- `ORDER BY xp DESC` means NULLS FIRST: the rank index must say so too, or the planner sorts the whole guild instead of reading it.
DROP INDEX "member_levels_rank_idx";--> statement-breakpoint
CREATE INDEX "member_levels_rank_idx" ON "member_levels" USING btree ("guild_id","xp" DESC NULLS FIRST,"user_id");