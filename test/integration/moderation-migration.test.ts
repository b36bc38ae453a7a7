/** @jest-environment node */
// Migration 0018 keeps what 0017 held: the moderator's four automod switches and banned words
// become rules (named in the guild's language, exempt roles kept, the old keys gone), and the
// cases the bot reported become numbered cases. Run on a fresh embedded database migrated to
// 0017 first, with data of that shape, then to the end.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { moderator } from "@/lib/plugins/moderator/definition";

const FOLDER = path.join(process.cwd(), "lib/db/migrations");
let upTo17: string;

beforeAll(() => {
  // The migrations as they were before 0018: the same files, the journal cut after 0017.
  upTo17 = mkdtempSync(path.join(tmpdir(), "migrations-0017-"));
  cpSync(FOLDER, upTo17, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(upTo17, "meta/_journal.json"), "utf8")) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 17);
  writeFileSync(path.join(upTo17, "meta/_journal.json"), JSON.stringify(journal));
});
afterAll(() => rmSync(upTo17, { recursive: true, force: true }));

it("turns the old automod switches into rules and the bot's cases into numbered ones", async () => {
  const client = new PGlite({ extensions: { btree_gin, pg_trgm, unaccent } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: upTo17 });
  await client.exec(`
    INSERT INTO guild_settings (guild_id, locale) VALUES ('1', 'fr');
    INSERT INTO guild_plugins (guild_id, plugin_id, enabled, config) VALUES
      ('1', 'moderator', true, '{"automod_invites": true, "automod_spam": true, "automod_caps": false, "banned_words": ["zut", "flûte"], "automod_exempt_role_ids": ["223456789012345678"], "mute_after_warnings": 2}'),
      ('2', 'moderator', false, '{"automod_links": true, "banned_words": []}');
    INSERT INTO moderation_cases (guild_id, user_id, moderator_id, action, reason, duration_seconds, at, event_key) VALUES
      ('1', '342392154494206137', '1', 'mute', NULL, 600, '2026-01-01T00:00:00Z', 'k1'),
      ('1', '342392154494206137', '1', 'ban', 'Raid', NULL, '2026-01-02T00:00:00Z', 'k2');
  `);
  await migrate(db, { migrationsFolder: FOLDER });

  const rules = (await client.query<{ guild_id: string; data: Record<string, unknown>; position: number }>("SELECT guild_id, data, position FROM plugin_items WHERE plugin_id = 'moderator' AND collection = 'rules' ORDER BY guild_id, position")).rows;
  const schema = moderator.collections.rules!.itemSchema;
  expect(rules.map((row) => [row.guild_id, row.position, schema.parse(row.data)])).toEqual([
    // Fields added to rules since (exempt categories) read as their defaults: nothing to migrate.
    ["1", 0, expect.objectContaining({ name: "Invitations de serveur", trigger: "invites", actions: ["delete"], exempt_role_ids: ["223456789012345678"], exempt_category_ids: [], enabled: true })],
    ["1", 1, expect.objectContaining({ name: "Messages répétés", trigger: "repeats" })],
    ["1", 2, expect.objectContaining({ name: "Mentions en masse", trigger: "mentions" })],
    ["1", 3, expect.objectContaining({ name: "Mots interdits", trigger: "words", words: ["zut", "flûte"] })],
    ["2", 0, expect.objectContaining({ name: "Links", trigger: "links", exempt_role_ids: [] })],
  ]);
  const configs = (await client.query<{ guild_id: string; config: Record<string, unknown> }>("SELECT guild_id, config FROM guild_plugins ORDER BY guild_id")).rows;
  expect(configs).toEqual([
    { guild_id: "1", config: { mute_after_warnings: 2 } },
    { guild_id: "2", config: {} },
  ]);
  // The settings left parse under today's schema.
  for (const { config } of configs) expect(moderator.configSchema.safeParse(config).success).toBe(true);

  const cases = (await client.query<{ number: number; type: string; reason: string; idempotency_key: string }>("SELECT number, type, reason, idempotency_key FROM moderation_cases ORDER BY number")).rows;
  expect(cases).toEqual([
    { number: 1, type: "timeout", reason: "", idempotency_key: "bot-event:k1" },
    { number: 2, type: "ban", reason: "Raid", idempotency_key: "bot-event:k2" },
  ]);
  expect((await client.query("SELECT guild_id, last_number FROM moderation_case_counters")).rows).toEqual([{ guild_id: "1", last_number: 2 }]);
  await client.close();
}, 180_000); // a PGlite of its own, migrated twice: over a minute on a loaded 2-core machine
