/** @jest-environment node */
// Settings export and import: a workshop-like guild's configuration copied into a
// nightOwls-like guild (Ada manages it through a role), ids matched by name.
import sharp from "sharp";
import { GET as getGuild, PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { POST as uploadRoute } from "@/app/api/guilds/[guildId]/images/route";
import { GET as exportRoute } from "@/app/api/guilds/[guildId]/settings-export/route";
import { POST as importRoute } from "@/app/api/guilds/[guildId]/settings-import/route";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { settingsFileSchema, type SettingsFile } from "@/lib/settings-transfer/settings-file";
import { PLUGIN_IDS } from "@/lib/plugins/index";
import { auditEventsSince, isEnvelope, lastAuditId, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { callForm, imageForm } from "@/test/multipart-client";
import { call, type CookieJar } from "@/test/route-client";
import { addRole, addScratchGuild, freshSnowflake } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { fieldIssue } from "@/lib/validation/server-messages";
import type { IssueCode } from "@/lib/validation/issues";

type Json = Record<string, unknown>;
// A member mention names a person, the same in every server: it is copied as it is.
const USER = "300000000000000001";
let harness: EmulatorHarness;
let ada: CookieJar;
// Copies of workshop and nightOwls owned by this file, so no other file's rows show up in the export.
let source: string;
let target: string;
const ids: Record<"source" | "target", Record<string, string>> = { source: {}, target: {} };

async function namedIds(guildId: string): Promise<Record<string, string>> {
  const pickers = await getGuildPickers(guildId);
  return Object.fromEntries([...pickers.channels.filter((channel) => channel.type === 0).map((channel) => [`#${channel.name}`, channel.id]), ...pickers.roles.map((role) => [`@${role.name}`, role.id])]);
}

const ok = async (response: Response, status = 200): Promise<Json> => {
  const body = await readBody(response);
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as Json;
};
const importFile = (file: unknown, apply: boolean, rawBody?: string) =>
  call(importRoute, `/api/guilds/${target}/settings-import`, { method: "POST", jar: ada, params: { guildId: target }, ...(rawBody === undefined ? { body: { file, apply } } : { rawBody }) });

/** Everything an import may change in the target guild. */
async function snapshot(guildId: string) {
  const guild = await ok(await call(getGuild, `/api/guilds/${guildId}`, { jar: ada, params: { guildId } }));
  const read = async (path: string) => ok(await pluginCall(ada, "GET", path));
  return {
    welcome: await read(`/welcome/config/${guildId}`),
    moderator: await read(`/moderator/config/${guildId}`),
    commands: await read(`/commands/guilds/${guildId}/commands`),
    timers: await read(`/timers/${guildId}`),
    guild: { version: guild.version, activePrefix: guild.activePrefix, ignored: guild.ignored_channel_ids },
    lastAudit: await lastAuditId(ada, guildId),
  };
}

let file: SettingsFile;
const exportFrom = (guildId: string) => call(exportRoute, `/api/guilds/${guildId}/settings-export`, { jar: ada, params: { guildId } });

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
  source = addScratchGuild(harness, "workshop");
  target = addScratchGuild(harness, "nightOwls");
  // A role with the same name in both guilds; "Woodworkers" and #electronics exist only in the source.
  addRole(harness, target, { name: "Coders" });
  ids.source = await namedIds(source);
  ids.target = await namedIds(target);
  const s = ids.source;
  await ok(await pluginCall(ada, "PATCH", `/welcome/config/${source}`, { body: { enabled: true, join_channel_id: s["#general"], leave_channel_id: s["#electronics"], join_role_ids: [s["@Coders"]] } }));
  await ok(await pluginCall(ada, "PATCH", `/moderator/config/${source}`, { body: { mute_role_id: s["@Woodworkers"], log_channel_id: s["#mod-log"] } }));
  const command = { name: "rules", response: "Read #rules", allowed_channel_ids: [s["#general"], s["#electronics"]], allowed_role_ids: [s["@Coders"], s["@Woodworkers"]] };
  await ok(await pluginCall(ada, "POST", `/commands/guilds/${source}/commands`, { body: command }), 201);
  await ok(await pluginCall(ada, "POST", `/timers/${source}`, { body: { name: "Reminder", channel_id: s["#general"], message: "Drink water", interval_minutes: 90 } }), 201);
  await ok(await call(patchGuild, `/api/guilds/${source}`, { method: "PATCH", jar: ada, params: { guildId: source }, body: { activePrefix: "?", ignored_channel_ids: [s["#general"], s["#electronics"]] } }));
  file = (await ok(await exportFrom(source))) as unknown as SettingsFile;
});
afterAll(() => harness.stop());

describe("settings export", () => {
  it("downloads the whole configuration as a JSON file with the names of its channels and roles", async () => {
    const response = await exportFrom(source);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="guildhall-settings-${source}.json"`);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const file = settingsFileSchema.parse(JSON.parse(await response.text()));
    const s = ids.source;
    expect(file).toMatchObject({ format: "guildhall.settings", version: 1, guild: { id: source, name: expect.stringContaining("Workshop") }, settings: { activePrefix: "?" } });
    expect(Number.isNaN(Date.parse(file.exported_at))).toBe(false);
    expect(file.channels[s["#general"]!]).toEqual({ name: "general", type: 0 });
    expect(file.roles[s["@Woodworkers"]!]).toEqual({ name: "Woodworkers" });
    expect(Object.keys(file.plugins).sort()).toEqual([...PLUGIN_IDS].sort());
    expect(file.plugins.welcome).toMatchObject({ enabled: true, config: { join_channel_id: s["#general"], join_role_ids: [s["@Coders"]] } });
    expect(Object.keys(file.collections).sort()).toEqual(["commands/commands", "timers/timers"]);
    expect(file.collections["commands/commands"]).toEqual([expect.objectContaining({ name: "rules", allowed_role_ids: [s["@Coders"], s["@Woodworkers"]] })]);
    expect(file.collections["commands/commands"]![0]).not.toHaveProperty("id");
  });
});

describe("settings import", () => {
  it("plans first: lists only what would change, what has no match by name, and changes nothing", async () => {
    const before = await snapshot(target);
    const body = await ok(await importFile(file, false));
    expect(body).toEqual({
      applied: false,
      plan: {
        // Of the 35 plugins in the file only those configured in the source differ from this server's defaults;
        // fields whose channel or role has no match here end up at their default, so they do not count.
        plugins: [
          { id: "moderator", settings: ["log_channel_id"], collections: [] },
          { id: "welcome", enabled: true, settings: ["join_channel_id", "join_role_ids"], collections: [] },
          { id: "timers", settings: [], collections: [{ name: "timers", added: 1, removed: 0, changed: 0 }] },
          { id: "commands", settings: [], collections: [{ name: "commands", added: 1, removed: 0, changed: 0 }] },
        ],
        settings: ["activePrefix", "ignored_channel_ids"],
        unmatched: { channels: ["#electronics"], roles: ["@Woodworkers"] },
        skipped: [],
      },
    });
    expect(await snapshot(target)).toEqual(before);
  });

  it("applies: configs and items land with ids mapped by name, unmatched ones cleared, all audited", async () => {
    const since = await lastAuditId(ada, target);
    expect(await ok(await importFile(file, true))).toMatchObject({ applied: true });
    const t = ids.target;
    const after = await snapshot(target);
    expect(after.welcome).toMatchObject({ enabled: true, config: { join_channel_id: t["#general"], leave_channel_id: null, join_role_ids: [t["@Coders"]] } });
    expect(after.moderator).toMatchObject({ config: { mute_role_id: null, log_channel_id: t["#mod-log"] } });
    expect(t["#general"]).not.toBe(ids.source["#general"]);
    expect(after.commands).toMatchObject({ total: 1, items: [{ name: "rules", response: "Read #rules", allowed_channel_ids: [t["#general"]], allowed_role_ids: [t["@Coders"]] }] });
    expect(after.timers).toMatchObject({ total: 1, items: [{ name: "Reminder", channel_id: t["#general"], interval_minutes: 90 }] });
    expect(after.guild).toMatchObject({ activePrefix: "?", ignored: [t["#general"]] });
    const events = await auditEventsSince(ada, target, since);
    expect(new Set(events.map((event) => event.action))).toEqual(new Set(["settings.import"]));
    const targets = events.map((event) => event.target);
    // Only plugins the file changes are written: the ones configured in the source guild.
    expect(targets.filter((name) => name.startsWith("plugin:")).sort()).toEqual(["plugin:moderator", "plugin:welcome"]);
    expect(targets.filter((name) => name.startsWith("item:")).map((name) => name.split(":").slice(1, 3).join("/")).sort()).toEqual(["commands/commands", "timers/timers"]);
    expect(targets.filter((name) => name === "guild")).toHaveLength(1);
  });

  it("plans nothing for the same file once it is applied, and applying it again writes nothing", async () => {
    const before = await snapshot(target);
    expect(await ok(await importFile(file, false))).toEqual({ applied: false, plan: { plugins: [], settings: [], unmatched: { channels: ["#electronics"], roles: ["@Woodworkers"] }, skipped: [] } });
    expect(await ok(await importFile(file, true))).toMatchObject({ applied: true, plan: { plugins: [], settings: [] } });
    expect(await snapshot(target)).toEqual(before);
  });

  it("lists only the plugin whose one config field differs, and applying writes only that plugin", async () => {
    const copy = edit((draft) => void (plugins(draft).welcome!.config.join_message = "Hello {user.mention}!"))();
    expect((await ok(await importFile(copy, false))).plan).toMatchObject({ plugins: [{ id: "welcome", settings: ["join_message"], collections: [] }], settings: [] });
    const since = await lastAuditId(ada, target);
    await ok(await importFile(copy, true));
    expect((await auditEventsSince(ada, target, since)).map((event) => event.target)).toEqual(["plugin:welcome"]);
    await ok(await importFile(file, true));
  });

  it("lists only the collection that holds an extra item, with its count", async () => {
    const copy = edit((draft) => {
      const commands = (draft.collections as Record<string, Json[]>)["commands/commands"]!;
      commands.push({ ...commands[0]!, name: "faq", response: "Read the FAQ" });
    })();
    expect((await ok(await importFile(copy, false))).plan).toMatchObject({ plugins: [{ id: "commands", settings: [], collections: [{ name: "commands", added: 1, removed: 0, changed: 0 }] }], settings: [] });
  });

  const edit = (change: (copy: Json) => void) => () => {
    const copy = structuredClone(file) as unknown as Json;
    change(copy);
    return copy;
  };
  const plugins = (copy: Json) => copy.plugins as Record<string, { enabled: boolean; config: Json }>;
  const BAD_FILES: Array<[string, () => unknown, string, number?]> = [
    ["a string", () => "hello", "invalid_settings_file"],
    ["an array", () => [file], "invalid_settings_file"],
    ["null", () => null, "invalid_settings_file"],
    ["another format", edit((copy) => void (copy.format = "other.settings")), "invalid_settings_file"],
    ["a later version", edit((copy) => void (copy.version = 2)), "invalid_settings_file"],
    ["an unknown top-level key", edit((copy) => void (copy.extra = true)), "invalid_settings_file"],
    ["an unknown plugin", edit((copy) => void (plugins(copy).nope = { enabled: false, config: {} })), "invalid_settings_file"],
    ["an invalid config value", edit((copy) => void (plugins(copy).welcome!.config.join_message = 42)), "invalid_settings_file"],
    ["an out-of-range number", edit((copy) => void (plugins(copy).moderator!.config.mute_after_warnings = 9999)), "invalid_settings_file"],
    ["an unknown config key", edit((copy) => void (plugins(copy).moderator!.config.self_destruct = true)), "invalid_settings_file"],
    ["an unknown collection", edit((copy) => void ((copy.collections as Json)["commands/nope"] = [])), "invalid_settings_file"],
    ["an invalid item", edit((copy) => void ((copy.collections as Record<string, Json[]>)["commands/commands"]![0]!.name = "Not A Name")), "invalid_settings_file"],
    ["invalid server settings", edit((copy) => void ((copy.settings as Json).activePrefix = "two words")), "invalid_settings_file"],
    ["items over the limit", edit((copy) => void ((copy.collections as Record<string, Json[]>)["timers/timers"] = Array(3).fill(file.collections["timers/timers"]![0]))), "premium_limit_reached", 403],
    ["a premium plugin enabled on a free server", edit((copy) => void (plugins(copy).record!.enabled = true)), "premium_required", 403],
  ];

  it.each(BAD_FILES)("refuses a file with %s and changes nothing", async (_name, make, code, status = 400) => {
    const before = await snapshot(target);
    const response = await importFile(make(), true);
    const body = await readBody(response);
    expect({ status: response.status, code: (body as Json).code }).toEqual({ status, code });
    expect(isEnvelope(body, status)).toBe(true);
    expect(await snapshot(target)).toEqual(before);
  });

  it("lists an item whose required channel has no match as skipped and imports the rest", async () => {
    const copy = edit((draft) => void ((draft.collections as Record<string, Json[]>)["timers/timers"]![0]!.channel_id = ids.source["#electronics"]))();
    const body = await ok(await importFile(copy, false));
    // Without it the file's list is empty, so the timer imported earlier would go.
    expect(body.plan).toMatchObject({ plugins: [{ id: "timers", collections: [{ name: "timers", added: 0, removed: 1, changed: 0 }] }], skipped: [{ collection: "timers/timers", title: "Reminder" }] });
  });

  it("treats prototype keys used as ids like any id without a match (no 500)", async () => {
    const before = await snapshot(target);
    const copy = edit((draft) => {
      // Welcome messages off: without a channel they would be refused (see below).
      plugins(draft).welcome!.config.join_enabled = false;
      plugins(draft).welcome!.config.join_channel_id = "__proto__";
      plugins(draft).welcome!.config.leave_channel_id = "constructor";
      plugins(draft).moderator!.config.mute_role_id = "__proto__";
      plugins(draft).moderator!.config.moderator_role_ids = ["toString", "hasOwnProperty"];
    })();
    const body = await ok(await importFile(copy, false));
    expect(body.plan).toMatchObject({ unmatched: { channels: ["#electronics", "__proto__", "constructor"].sort(), roles: ["@Woodworkers", "__proto__", "hasOwnProperty", "toString"].sort() } });
    expect(await snapshot(target)).toEqual(before);
  });

  it("refuses a file whose option loses what it needs to a channel without a match, and changes nothing", async () => {
    const before = await snapshot(target);
    // Goodbye messages on, in a channel only the source has.
    const copy = edit((draft) => void (plugins(draft).welcome!.config.leave_enabled = true))();
    const refused = await importFile(copy, false);
    expect(refused.status).toBe(400);
    expect(((await readBody(refused)) as { fields: unknown[] }).fields).toEqual([
      expect.objectContaining({ path: "plugins.welcome.leave_channel_id", code: "needed_for_option", message: "Fill in “Goodbye channel” to use “Send a goodbye message”." }),
    ]);
    expect(await snapshot(target)).toEqual(before);
  });

  describe("what matched by name still passes the checks of every write", () => {
    let greeters: string; // a role of the target above the bot's highest role
    beforeAll(() => {
      greeters = addRole(harness, target, { name: "Greeters" });
      harness.emulator.state.guild(target)!.roles.find((role) => role.id === greeters)!.position = 500;
      void refreshGuildCache(target);
    });
    /** A copy of the file naming a role of the source guild (any id: the file says its name). */
    const withRole = (name: string, use: (copy: Json, roleId: string) => void) => () => {
      const roleId = freshSnowflake();
      return edit((copy) => {
        (copy.roles as Record<string, { name: string }>)[roleId] = { name };
        use(copy, roleId);
      })();
    };
    const GIVEN_ROLES: Array<[string, () => unknown, string, string]> = [
      ["a config field", withRole("Greeters", (copy, role) => void (plugins(copy).welcome!.config.join_role_ids = [role])), "plugins.welcome.join_role_ids.0", "role_above_bot"],
      [
        "an item field",
        withRole("Greeters", (copy, role) => void ((copy.collections as Record<string, Json[]>)["reaction_roles/messages"] = [{ channel_id: ids.source["#general"], message: "Pick one", mode: "normal", pairs: [{ emoji: "🔴", role_id: role }], message_id: null }])),
        "collections.reaction_roles/messages.0.pairs.0.role_id",
        "role_above_bot",
      ],
      ["a config field (an integration's role)", withRole("Guildhall", (copy, role) => void (plugins(copy).moderator!.config.mute_role_id = role)), "plugins.moderator.mute_role_id", "role_managed"],
    ];

    it.each(GIVEN_ROLES)("refuses a file whose role the bot must give (%s) it cannot give here, naming the field, and changes nothing", async (_name, make, path, message) => {
      const before = await snapshot(target);
      for (const apply of [false, true]) {
        const response = await importFile(make(), apply);
        const body = await readBody(response);
        expect(response.status).toBe(400);
        const issue = fieldIssue(path, message as IssueCode);
        expect(isEnvelope(body, 400) && body.code === "validation_failed" && body.fields).toEqual([issue]);
        expect((body as Json).message).toBe(issue.message);
      }
      expect(await snapshot(target)).toEqual(before);
    });

    it("refuses a file whose welcome card uses an image uploaded to the other server, and changes nothing; the same image uploaded here is fine", async () => {
      const png = await sharp({ create: { width: 16, height: 8, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
      const uploadTo = async (guildId: string) => {
        const response = await callForm(uploadRoute, `/api/guilds/${guildId}/images`, imageForm(png, { extra: { plugin_id: "welcome" } }), { jar: ada, params: { guildId } });
        return ((await ok(response, 201)).url as string).slice("/api/uploads/".length);
      };
      const key = await uploadTo(source);
      const copy = edit((draft) => void (plugins(draft).welcome!.config.card_background = `upload:${key}`))();
      const before = await snapshot(target);
      const response = await importFile(copy, true);
      const body = await readBody(response);
      expect(response.status).toBe(400);
      expect(isEnvelope(body, 400) && body.code === "validation_failed" && body.fields).toEqual([fieldIssue("plugins.welcome.card_background", "unknown_upload")]);
      expect(await snapshot(target)).toEqual(before);
      // Rows, not bytes, belong to a server: once the target uploads the same image it may use it.
      expect(await uploadTo(target)).toBe(key);
      expect(await ok(await importFile(copy, false))).toMatchObject({ applied: false });
    });
  });

  it("maps mentions inside message texts like id fields, and stores exactly what the preview promised", async () => {
    const s = ids.source;
    const t = ids.target;
    // A channel and a role of the other server that only a message mentions (no id field names them).
    const [onlyMentionedChannel, onlyMentionedRole] = [freshSnowflake(), freshSnowflake()];
    const welcomeText = `Hi {user.mention}! Read <#${s["#general"]}>, ask <@&${s["@Coders"]}>, build in <#${s["#electronics"]}> with <@&${s["@Woodworkers"]}>. News: <#${onlyMentionedChannel}>, <@&${onlyMentionedRole}>.`;
    const embed = {
      title: `About <#${s["#general"]}>`,
      description: `Ping <@&${s["@Coders"]}>, not <@&${s["@Woodworkers"]}>; logs in <#${s["#mod-log"]}>`,
      fields: [{ name: `<#${s["#electronics"]}>`, value: `<@&${s["@Coders"]}> and <@${USER}>` }],
      footer: { text: `See <#${s["#general"]}>` },
    };
    const copy = edit((draft) => {
      (draft.channels as SettingsFile["channels"])[onlyMentionedChannel] = { name: "announcements", type: 0 };
      (draft.roles as SettingsFile["roles"])[onlyMentionedRole] = { name: "Speakers" };
      plugins(draft).welcome!.config.join_message = welcomeText;
      (draft.collections as Record<string, Json[]>)["commands/commands"]![0]!.embeds = [embed];
    })();
    const { plan } = await ok(await importFile(copy, false));
    const { unmatched } = plan as { unmatched: { channels: string[]; roles: string[] } };
    expect(unmatched).toEqual({ channels: ["#announcements", "#electronics"], roles: ["@Speakers", "@Woodworkers"] });
    expect(plan).toMatchObject({ plugins: expect.arrayContaining([expect.objectContaining({ id: "welcome", settings: expect.arrayContaining(["join_message"]) })]) });

    await ok(await importFile(copy, true));
    const after = await snapshot(target);
    // What the preview promised, worked out from the file and the preview alone: a mention it did not
    // list as unmatched points at this server's channel or role of the same name, one it listed reads as its name.
    const promised = (text: string) =>
      text.replace(/<(#|@&)(\d+)>/g, (_token, sigil: string, id: string) => {
        const names = copy as unknown as SettingsFile;
        const name = sigil === "#" ? `#${names.channels[id]!.name}` : `@${names.roles[id]!.name}`;
        const missing = sigil === "#" ? unmatched.channels : unmatched.roles;
        return missing.includes(name) ? name : `<${sigil}${t[name]}>`;
      });
    const stored = (after.welcome as { config: Json }).config.join_message as string;
    expect(stored).toBe(promised(welcomeText));
    expect(stored).toBe(`Hi {user.mention}! Read <#${t["#general"]}>, ask <@&${t["@Coders"]}>, build in #electronics with @Woodworkers. News: #announcements, @Speakers.`);
    const storedEmbed = ((after.commands as { items: Json[] }).items[0]!.embeds as Json[])[0];
    expect(storedEmbed).toEqual({
      title: promised(embed.title),
      description: promised(embed.description),
      fields: [{ name: promised(embed.fields[0]!.name), value: promised(embed.fields[0]!.value) }],
      footer: { text: promised(embed.footer.text) },
    });
    expect(storedEmbed).toMatchObject({ title: `About <#${t["#general"]}>`, fields: [{ value: `<@&${t["@Coders"]}> and <@${USER}>` }] });
    // No id of the other server is left in what was stored.
    for (const sourceId of Object.values(s)) expect(JSON.stringify([after.welcome, after.commands])).not.toContain(sourceId);
    await ok(await importFile(file, true));
  });

  it.each([
    ["2 MB of junk", () => "\u0000junk".repeat(400_000)],
    ["2 MB inside valid JSON", () => JSON.stringify({ file: { ...file, guild: { id: source, name: "x".repeat(2_000_000) } }, apply: true })],
    ["a truncated file", () => JSON.stringify({ file, apply: true }).slice(0, 5000)],
  ])("refuses %s without changing anything", async (_name, raw) => {
    const before = await snapshot(target);
    const response = await importFile(undefined, true, raw());
    expect([400, 413]).toContain(response.status);
    expect((await readBody(response)) as Json).toMatchObject({ code: expect.stringMatching(/^(payload_too_large|invalid_json)$/) });
    expect(await snapshot(target)).toEqual(before);
  });
});
