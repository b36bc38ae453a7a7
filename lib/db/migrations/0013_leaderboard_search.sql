-- Leaderboard search finds a name from any part of it, whatever the case and accents ("byte" finds "Tiny Byte", "jose" finds "José"), on an index.
-- unaccent() is only STABLE (its dictionary could be reloaded), so an index cannot use it directly: search_fold() fixes the dictionary and is declared IMMUTABLE.
-- Trusted extensions: the database owner may create them without being a superuser. btree_gin lets the trigram index lead with the guild.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
DROP INDEX "member_levels_name_idx";--> statement-breakpoint
CREATE INDEX "member_levels_name_trgm_idx" ON "member_levels" USING gin ("guild_id",search_fold("display_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_levels_name_prefix_idx" ON "member_levels" USING btree ("guild_id",search_fold("display_name") text_pattern_ops);
