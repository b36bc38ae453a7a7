/** @jest-environment node */
// The change feed under load: 50 writers at once (plugin configs, items one by one and in
// batches, server settings, and settings imports: long transactions that write their first
// change well before they commit) while a bot follows the feed from config snapshots, in small
// pages, long polling, and loses its connection half-way (it keeps only its cursor). It must see
// every committed change exactly once, in commit order, and end with the guild's configuration.
// Run on PGlite here and on PostgreSQL in CI (.ci/run), where the writers really overlap.
import { and, asc, gt, inArray } from "drizzle-orm";
import { GET as getGuild, PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { GET as settingsExport } from "@/app/api/guilds/[guildId]/settings-export/route";
import { POST as settingsImport } from "@/app/api/guilds/[guildId]/settings-import/route";
import { createBotKey } from "@/lib/bot-contract/keys";
import type { Change } from "@/lib/bot-contract/schemas";
import { getDb } from "@/lib/db/client";
import { configChanges } from "@/lib/db/schema";
import { collectionPath, fillPath, pluginCall } from "@/test/api";
import { applyChanges, configState, readChangesPage, readConfig } from "@/test/bot-api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import { sampleItems } from "@/test/plugin-samples";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let guildId: string;
let importTargets: string[];
let settingsFile: unknown;
let key: string;
let samples: Record<string, Record<string, unknown>>;

const MODERATOR_WRITES = 32;
const COMMANDS = 10;
const TROPHY_BATCHES = 2;
const TROPHIES_PER_BATCH = 3;
const PREFIXES = ["?", "$"];
const IMPORTS = 4;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
  guildId = addScratchGuild(harness, "workshop", "Busy hall");
  samples = sampleItems(await guildRefs(guildId));
  key = (await createBotKey(await getDb(), "feed test bot")).key;
  // A settings file worth several plugins and items, for the imports among the writers: each
  // import is one long transaction that writes its first change well before it commits.
  const source = addScratchGuild(harness, "workshop", "Settings source");
  const write = async (response: Promise<Response>) => expect((await response).status).toBeLessThan(300);
  await write(pluginCall(ada, "PATCH", `/help/config/${source}`, { body: { enabled: true } }));
  await write(pluginCall(ada, "PATCH", `/economy/config/${source}`, { body: { enabled: true } }));
  await write(pluginCall(ada, "PATCH", `/moderator/config/${source}`, { body: { mute_after_warnings: 5, ban_after_warnings: 9 } }));
  for (const name of ["rules", "faq", "links"]) await write(pluginCall(ada, "POST", fillPath(collectionPath("commands", "commands", "POST", false), { guildId: source }), { body: { name, response: `The ${name}` } }));
  await write(pluginCall(ada, "POST", `/achievements/guilds/${source}/trophies/batch-create`, { body: { trophies: [samples["achievements/trophies"], { ...samples["achievements/trophies"], name: "Regular", threshold: 50 }] } }));
  settingsFile = await (await call(settingsExport, `/api/guilds/${source}/settings-export`, { jar: ada, params: { guildId: source } })).json();
  importTargets = Array.from({ length: IMPORTS }, (_, n) => addScratchGuild(harness, "workshop", `Import target ${n}`));
  // What the writers' permission checks and answers read from the platform, read once first: the
  // test is about the feed, and 50 first reads at once on a loaded machine outlast the platform deadline (502).
  for (const id of [guildId, ...importTargets]) expect((await call(getGuild, `/api/guilds/${id}`, { jar: ada, params: { guildId: id } })).status).toBe(200);
});
afterAll(() => harness.stop());

/** 50 writes, each its own request and transaction, on the busy guild and the import targets. */
function writers(): Array<() => Promise<Response>> {
  const commandsPath = fillPath(collectionPath("commands", "commands", "POST", false), { guildId });
  return [
    // Each a value no other writer and not the default (3) has: every one commits a change.
    ...Array.from({ length: MODERATOR_WRITES }, (_, n) => () => pluginCall(ada, "PATCH", `/moderator/config/${guildId}`, { body: { mute_after_warnings: 11 + n } })),
    ...Array.from({ length: COMMANDS }, (_, n) => () => pluginCall(ada, "POST", commandsPath, { body: { name: `cmd-${n}`, response: `Command ${n}` } })),
    ...Array.from({ length: TROPHY_BATCHES }, (_, batch) => () => {
      const trophies = Array.from({ length: TROPHIES_PER_BATCH }, (__, n) => ({ ...samples["achievements/trophies"], name: `Trophy ${batch}-${n}`, threshold: 100 * (batch * TROPHIES_PER_BATCH + n + 1) }));
      return pluginCall(ada, "POST", `/achievements/guilds/${guildId}/trophies/batch-create`, { body: { trophies } });
    }),
    ...PREFIXES.map((prefix) => () => call(patchGuild, `/api/guilds/${guildId}`, { method: "PATCH", jar: ada, params: { guildId }, body: { activePrefix: prefix } })),
    ...importTargets.map((target) => () => call(settingsImport, `/api/guilds/${target}/settings-import`, { method: "POST", jar: ada, params: { guildId: target }, body: { file: settingsFile, apply: true } })),
  ];
}

const BUSY_CHANGES = MODERATOR_WRITES + COMMANDS + TROPHY_BATCHES * TROPHIES_PER_BATCH + PREFIXES.length;
const ofGuild = (changes: readonly Change[], id: string) => changes.filter((change) => change.guild_id === id);
const mine = (changes: readonly Change[]) => changes.filter((change) => change.guild_id === guildId || importTargets.includes(change.guild_id));

/**
 * Follows the feed from `from` in pages of 5, long polling while `writing()`, until the writes
 * are over and the feed has nothing more. Half-way, its connection drops while a long poll
 * waits: whatever that call would have answered is lost, and it asks again with the cursor it kept.
 */
async function follow(from: string, expected: number, writing: () => boolean): Promise<{ seen: Change[]; cursor: string }> {
  let cursor = from;
  const seen: Change[] = [];
  let dropped = false;
  for (;;) {
    if (!dropped && (mine(seen).length >= expected / 2 || !writing())) {
      dropped = true;
      const hangUp = new AbortController();
      const lost = readChangesPage(key, `after=${cursor}&limit=5&wait=30`, hangUp.signal);
      hangUp.abort();
      await lost;
      continue;
    }
    // Every write answered after its commit: once they all have, an empty page means the end.
    const done = !writing();
    const page = await readChangesPage(key, `after=${cursor}&limit=5&wait=${done ? 0 : 2}`);
    seen.push(...page.changes);
    cursor = page.cursor;
    if (done && page.changes.length === 0) return { seen, cursor };
  }
}

it("gives a bot every change of 50 concurrent writers once, in commit order, across a reconnect", async () => {
  const guilds = [guildId, ...importTargets];
  const snapshots = await Promise.all(guilds.map((id) => readConfig(key, id)));
  const from = snapshots.map((snapshot) => snapshot.version).sort((a, b) => Number(a) - Number(b))[0]!;
  const writes = writers();
  expect(writes).toHaveLength(50);
  let writing = true;
  const following = follow(from, BUSY_CHANGES, () => writing);
  const responses = await Promise.all(writes.map((write) => write()));
  writing = false;
  expect(responses.map((response) => response.status).filter((status) => status >= 300)).toEqual([]);
  const { seen, cursor } = await following;

  // Exactly the committed rows of these guilds, in (commit, order within it): none missing, none twice.
  const db = await getDb();
  const stored = await db
    .select()
    .from(configChanges)
    .where(and(inArray(configChanges.guildId, guilds), gt(configChanges.commitNumber, Number(from))))
    .orderBy(asc(configChanges.commitNumber), asc(configChanges.id));
  expect(ofGuild(seen, guildId)).toHaveLength(BUSY_CHANGES);
  for (const target of importTargets) expect(ofGuild(seen, target).length).toBeGreaterThan(5);
  const identity = (change: { commit: number; guildId: string; kind: string; itemId: string | null; value: unknown }) => JSON.stringify([change.commit, change.guildId, change.kind, change.itemId, change.value]);
  expect(mine(seen).map((change) => identity({ ...change, guildId: change.guild_id, itemId: change.item_id }))).toEqual(stored.map((row) => identity({ ...row, commit: row.commitNumber! })));

  // Commits counted with no gap, whatever the guild: the bot saw each number from its cursor on.
  const commits = [...new Set(seen.map((change) => change.commit))];
  expect(commits).toEqual(Array.from({ length: commits.length }, (_, n) => Number(from) + 1 + n));
  expect(seen.map((change) => change.commit)).toEqual([...seen.map((change) => change.commit)].sort((a, b) => a - b));
  // An import is one commit.
  for (const target of importTargets) expect(new Set(ofGuild(seen, target).map((change) => change.commit)).size).toBe(1);

  // Commit order, seen on the one row every moderator writer locked: its versions one by one.
  const moderator = ofGuild(seen, guildId).flatMap((change) => (change.kind === "plugin" && change.plugin_id === "moderator" ? [change.value.version] : []));
  const firstVersion = snapshots[0]!.plugins.moderator?.version ?? 0;
  expect(moderator).toEqual(Array.from({ length: MODERATOR_WRITES }, (_, n) => firstVersion + 1 + n));

  // What the bot holds is each guild's configuration now.
  const now = await Promise.all(guilds.map((id) => readConfig(key, id)));
  expect(cursor).toBe(now[0]!.version);
  snapshots.forEach((snapshot, index) => {
    const later = seen.filter((change) => change.commit > Number(snapshot.version));
    expect(configState(applyChanges(snapshot, later))).toEqual(configState(now[index]!));
  });
  expect(now[0]!.plugins.commands!.collections.commands).toHaveLength(COMMANDS);
  expect(now[1]!.plugins.commands!.collections.commands!.map((item) => item.name)).toEqual(["rules", "faq", "links"]);
}, 120_000);
