-- The bot contract (lib/bot-contract): bot keys, the configuration change feed, the bot's events and moderation cases.
CREATE TABLE "bot_events" (
	"key" text PRIMARY KEY NOT NULL,
	"bot_key_id" text NOT NULL,
	"guild_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "config_change_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"commit_number" bigint,
	"guild_id" text NOT NULL,
	"kind" text NOT NULL,
	"plugin_id" text,
	"collection" text,
	"item_id" text,
	"value" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"moderator_id" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"duration_seconds" integer,
	"at" timestamp with time zone NOT NULL,
	"event_key" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bot_events_guild_idx" ON "bot_events" USING btree ("guild_id","type","received_at");--> statement-breakpoint
CREATE INDEX "config_changes_commit_idx" ON "config_changes" USING btree ("commit_number","id");--> statement-breakpoint
CREATE INDEX "config_changes_unnumbered_idx" ON "config_changes" USING btree ("id") WHERE "config_changes"."commit_number" IS NULL;--> statement-breakpoint
CREATE INDEX "moderation_cases_guild_idx" ON "moderation_cases" USING btree ("guild_id","at");--> statement-breakpoint
CREATE INDEX "moderation_cases_member_idx" ON "moderation_cases" USING btree ("guild_id","user_id","at");--> statement-breakpoint
-- The change feed's numbering (lib/bot-contract/record-change.ts writes the rows, unnumbered). A transaction that wrote
-- changes takes the next number at COMMIT, after every other statement: the deferred trigger runs then. Its UPDATE of the
-- counter row holds that row's lock until the commit is visible, so the next transaction gets the next number only after
-- this one is visible to every reader (numbers in commit order, no gap for a reader to skip); a transaction that rolls
-- back undoes its UPDATE and gives its number back. Taken any earlier (a write inside an import's transaction), the lock
-- would be held across the import's later row locks, and a plain writer waiting for those could deadlock with it.
INSERT INTO "config_change_counter" ("id", "value") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION config_changes_number_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_number bigint;
BEGIN
  -- Unnumbered rows a transaction sees are its own (others' are invisible until they commit, numbered). The first
  -- row's trigger numbers all of them; the others find none left.
  IF EXISTS (SELECT 1 FROM "config_changes" WHERE "commit_number" IS NULL) THEN
    UPDATE "config_change_counter" SET "value" = "value" + 1 WHERE "id" = 1 RETURNING "value" INTO next_number;
    UPDATE "config_changes" SET "commit_number" = next_number WHERE "commit_number" IS NULL;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "config_changes_number_commit" AFTER INSERT ON "config_changes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION config_changes_number_commit();