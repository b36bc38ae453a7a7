-- Moderation cases (issue 21) replace the bot-reported list of 0017: numbered per guild, typed,
-- with who acted, pardons, soft deletes and an idempotency key. Rows the bot reported are kept.
ALTER TABLE "moderation_cases" RENAME TO "moderation_cases_0017";--> statement-breakpoint
DROP INDEX "moderation_cases_guild_idx";--> statement-breakpoint
DROP INDEX "moderation_cases_member_idx";--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"number" integer NOT NULL,
	"type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_name" text,
	"moderator_kind" text NOT NULL,
	"moderator_id" text,
	"moderator_name" text,
	"reason" text DEFAULT '' NOT NULL,
	"duration_seconds" integer,
	"expires_at" timestamp with time zone,
	"pardoned_by" text,
	"pardoned_at" timestamp with time zone,
	"related_case_number" integer,
	"source" text NOT NULL,
	"idempotency_key" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "moderation_cases" ("id", "guild_id", "number", "type", "target_id", "moderator_kind", "moderator_id", "reason", "duration_seconds", "expires_at", "source", "idempotency_key", "created_at", "updated_at")
SELECT gen_random_uuid()::text, "guild_id", row_number() OVER (PARTITION BY "guild_id" ORDER BY "at", "id")::int,
	CASE WHEN "action" = 'mute' THEN 'timeout' ELSE "action" END, "user_id", 'bot', "moderator_id", coalesce("reason", ''), "duration_seconds",
	CASE WHEN "duration_seconds" IS NULL THEN NULL ELSE "at" + make_interval(secs => "duration_seconds") END, 'bot', 'bot-event:' || "event_key", "at", "at"
FROM "moderation_cases_0017";--> statement-breakpoint
DROP TABLE "moderation_cases_0017";--> statement-breakpoint
CREATE TABLE "moderation_case_counters" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "moderation_case_counters" ("guild_id", "last_number") SELECT "guild_id", max("number") FROM "moderation_cases" GROUP BY "guild_id";--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_number_idx" ON "moderation_cases" USING btree ("guild_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_idempotency_idx" ON "moderation_cases" USING btree ("guild_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "moderation_cases_target_idx" ON "moderation_cases" USING btree ("guild_id","target_id","number");--> statement-breakpoint
CREATE INDEX "moderation_cases_moderator_idx" ON "moderation_cases" USING btree ("guild_id","moderator_id","number");--> statement-breakpoint
CREATE INDEX "moderation_cases_type_idx" ON "moderation_cases" USING btree ("guild_id","type","number");--> statement-breakpoint
CREATE INDEX "moderation_cases_created_idx" ON "moderation_cases" USING btree ("guild_id","created_at","number");--> statement-breakpoint
-- The audit log reads moderation's rows (targets moderation-case:N, moderation-lockdown) as the
-- moderator plugin's. PostgreSQL 15 cannot change a generated column's expression: the column
-- is drawn again, and its index with it.
ALTER TABLE "audit_events" DROP COLUMN "plugin_id";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "plugin_id" text GENERATED ALWAYS AS (CASE WHEN target ~ '^(plugin|item|account-link):' THEN split_part(target, ':', 2) WHEN target ~ '^economy-balance' THEN 'economy' WHEN target ~ '^levels-xp' THEN 'levels' WHEN target ~ '^giveaway:' THEN 'giveaways' WHEN target ~ '^music:' THEN 'music' WHEN target ~ '^moderation' THEN 'moderator' END) STORED;--> statement-breakpoint
CREATE INDEX "audit_events_guild_plugin_idx" ON "audit_events" USING btree ("guild_id","plugin_id","id");
--> statement-breakpoint
CREATE TABLE "lockdown_channels" (
	"guild_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"had_overwrite" boolean NOT NULL,
	"saved_allow" text DEFAULT '0' NOT NULL,
	"saved_deny" text DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lockdown_channels_guild_id_channel_id_pk" PRIMARY KEY("guild_id","channel_id")
);
--> statement-breakpoint
-- Automod rules (the moderator plugin's "rules" collection) replace its four switches and banned
-- words: each switch that was on, and a non-empty word list, becomes a rule that deletes, named in
-- the guild's language, keeping the exempt roles. The old keys leave the settings.
CREATE TEMPORARY TABLE "automod_rule_names" ("locale" text, "trigger" text, "name" text);--> statement-breakpoint
INSERT INTO "automod_rule_names" VALUES
	('en', 'invites', 'Server invites'),
	('en', 'links', 'Links'),
	('en', 'repeats', 'Repeated messages'),
	('en', 'mentions', 'Mass mentions'),
	('en', 'caps', 'Too many capital letters'),
	('en', 'words', 'Banned words'),
	('fr', 'invites', 'Invitations de serveur'),
	('fr', 'links', 'Liens'),
	('fr', 'repeats', 'Messages répétés'),
	('fr', 'mentions', 'Mentions en masse'),
	('fr', 'caps', 'Trop de majuscules'),
	('fr', 'words', 'Mots interdits'),
	('de', 'invites', 'Servereinladungen'),
	('de', 'links', 'Links'),
	('de', 'repeats', 'Wiederholte Nachrichten'),
	('de', 'mentions', 'Massenerwähnungen'),
	('de', 'caps', 'Zu viele Großbuchstaben'),
	('de', 'words', 'Verbotene Wörter'),
	('es', 'invites', 'Invitaciones de servidor'),
	('es', 'links', 'Enlaces'),
	('es', 'repeats', 'Mensajes repetidos'),
	('es', 'mentions', 'Menciones masivas'),
	('es', 'caps', 'Demasiadas mayúsculas'),
	('es', 'words', 'Palabras prohibidas'),
	('pt', 'invites', 'Convites de servidor'),
	('pt', 'links', 'Links'),
	('pt', 'repeats', 'Mensagens repetidas'),
	('pt', 'mentions', 'Menções em massa'),
	('pt', 'caps', 'Maiúsculas demais'),
	('pt', 'words', 'Palavras proibidas'),
	('ru', 'invites', 'Приглашения на серверы'),
	('ru', 'links', 'Ссылки'),
	('ru', 'repeats', 'Повторяющиеся сообщения'),
	('ru', 'mentions', 'Массовые упоминания'),
	('ru', 'caps', 'Слишком много заглавных'),
	('ru', 'words', 'Запрещённые слова'),
	('tr', 'invites', 'Sunucu davetleri'),
	('tr', 'links', 'Bağlantılar'),
	('tr', 'repeats', 'Tekrarlanan mesajlar'),
	('tr', 'mentions', 'Toplu etiketleme'),
	('tr', 'caps', 'Çok fazla büyük harf'),
	('tr', 'words', 'Yasaklı kelimeler'),
	('ar', 'invites', 'دعوات الخوادم'),
	('ar', 'links', 'الروابط'),
	('ar', 'repeats', 'رسائل مكررة'),
	('ar', 'mentions', 'إشارات جماعية'),
	('ar', 'caps', 'أحرف كبيرة كثيرة'),
	('ar', 'words', 'الكلمات المحظورة'),
	('tw', 'invites', '伺服器邀請'),
	('tw', 'links', '連結'),
	('tw', 'repeats', '重複訊息'),
	('tw', 'mentions', '大量提及'),
	('tw', 'caps', '過多大寫字母'),
	('tw', 'words', '禁用字詞');--> statement-breakpoint
INSERT INTO "plugin_items" ("id", "guild_id", "plugin_id", "collection", "data", "position", "updated_by")
SELECT gen_random_uuid()::text, "gp"."guild_id", 'moderator', 'rules',
	jsonb_build_object('name', coalesce("n"."name", "en"."name"), 'enabled', true, 'trigger', "r"."trigger", 'actions', '["delete"]'::jsonb,
		'exempt_role_ids', coalesce("gp"."config"->'automod_exempt_role_ids', '[]'::jsonb))
		|| CASE WHEN "r"."trigger" = 'words' THEN jsonb_build_object('words', "gp"."config"->'banned_words') ELSE '{}'::jsonb END,
	(row_number() OVER (PARTITION BY "gp"."guild_id" ORDER BY "r"."ord"))::int - 1, "gp"."updated_by"
FROM "guild_plugins" "gp"
LEFT JOIN "guild_settings" "gs" ON "gs"."guild_id" = "gp"."guild_id"
CROSS JOIN (VALUES (1, 'invites', 'automod_invites'), (2, 'links', 'automod_links'), (3, 'repeats', 'automod_spam'), (4, 'mentions', 'automod_spam'), (5, 'caps', 'automod_caps'), (6, 'words', NULL)) AS "r"("ord", "trigger", "switch")
LEFT JOIN "automod_rule_names" "n" ON "n"."locale" = split_part(coalesce("gs"."locale", 'en'), '-', 1) AND "n"."trigger" = "r"."trigger"
JOIN "automod_rule_names" "en" ON "en"."locale" = 'en' AND "en"."trigger" = "r"."trigger"
WHERE "gp"."plugin_id" = 'moderator'
	AND CASE WHEN "r"."switch" IS NOT NULL THEN "gp"."config"->>"r"."switch" = 'true'
		WHEN jsonb_typeof("gp"."config"->'banned_words') = 'array' THEN jsonb_array_length("gp"."config"->'banned_words') > 0
		ELSE false END;--> statement-breakpoint
DROP TABLE "automod_rule_names";--> statement-breakpoint
UPDATE "guild_plugins" SET "config" = "config" - 'automod_invites' - 'automod_links' - 'automod_spam' - 'automod_caps' - 'banned_words' - 'automod_exempt_role_ids'
WHERE "plugin_id" = 'moderator';
