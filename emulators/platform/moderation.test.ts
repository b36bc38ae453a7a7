/** @jest-environment node */
import { GUILD_IDS, USER_IDS } from "./data/ids";
import type { ChannelRecord } from "./model";
import { AUDIT_ACTIONS, type AuditEntry } from "./moderation";
import { PERMISSIONS } from "./permissions";
import type { PlatformEmulator } from "./server";
import { BOT_USER_ID } from "./state";
import { BOT_AUTH, emulatorForThisFile } from "./test-helpers";

let emulator: PlatformEmulator;
let api: string;

emulatorForThisFile((started) => {
  emulator = started;
  api = `${started.url}/api/v10`;
});

beforeEach(() => emulator.state.reset());

const workshop = () => emulator.state.guild(GUILD_IDS.workshop)!;
const botRole = () => workshop().roles.find((role) => role.managed && role.tags?.bot_id === BOT_USER_ID)!;
const allowBot = (...bits: bigint[]) => {
  botRole().permissions = bits.reduce((all, bit) => all | bit, BigInt(botRole().permissions)).toString();
};
const denyBot = (bit: bigint) => {
  botRole().permissions = (BigInt(botRole().permissions) & ~bit).toString();
};
const channelOf = (name: string): ChannelRecord => workshop().channels.find((candidate) => candidate.name === name)!;

async function call<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { ...BOT_AUTH, ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const auditLog = async (query = "") => (await call<{ audit_log_entries: AuditEntry[]; users: { id: string }[] }>("GET", `/guilds/${GUILD_IDS.workshop}/audit-logs${query}`)).body;

describe("bans", () => {
  it("bans a member below the bot with a reason from X-Audit-Log-Reason, lists and unbans them, each act in the audit log", async () => {
    allowBot(PERMISSIONS.BanMembers, PERMISSIONS.ViewAuditLog);
    const banned = await call("PUT", `/guilds/${GUILD_IDS.workshop}/bans/${USER_IDS.sam}`, { delete_message_seconds: 3600 }, { "X-Audit-Log-Reason": encodeURIComponent("Spam in #général") });
    expect(banned.status).toBe(204);
    expect(workshop().members.has(USER_IDS.sam)).toBe(false);
    expect((await call("GET", `/guilds/${GUILD_IDS.workshop}/bans`)).body).toEqual([{ reason: "Spam in #général", user: expect.objectContaining({ id: USER_IDS.sam }) }]);
    expect((await call("GET", `/guilds/${GUILD_IDS.workshop}/bans/${USER_IDS.sam}`)).status).toBe(200);

    expect((await call("DELETE", `/guilds/${GUILD_IDS.workshop}/bans/${USER_IDS.sam}`)).status).toBe(204);
    expect(await call("DELETE", `/guilds/${GUILD_IDS.workshop}/bans/${USER_IDS.sam}`)).toMatchObject({ status: 404, body: { code: 10026 } });
    expect(await call("GET", `/guilds/${GUILD_IDS.workshop}/bans/${USER_IDS.sam}`)).toMatchObject({ status: 404, body: { code: 10026 } });

    const log = await auditLog();
    expect(log.audit_log_entries.map((entry) => [entry.action_type, entry.target_id, entry.user_id, entry.reason])).toEqual([
      [AUDIT_ACTIONS.MEMBER_BAN_REMOVE, USER_IDS.sam, BOT_USER_ID, undefined],
      [AUDIT_ACTIONS.MEMBER_BAN_ADD, USER_IDS.sam, BOT_USER_ID, "Spam in #général"],
    ]);
    expect(log.users.map((user) => user.id).sort()).toEqual([BOT_USER_ID, USER_IDS.sam].sort());
  });

  it("refuses the owner, members at or above the bot's highest role, and a bot without BAN_MEMBERS, changing nothing", async () => {
    expect(await call("PUT", `/guilds/${GUILD_IDS.workshop}/bans/${USER_IDS.sam}`, {})).toMatchObject({ status: 403, body: { code: 50013 } });
    allowBot(PERMISSIONS.BanMembers);
    for (const target of [USER_IDS.ada, USER_IDS.chen, USER_IDS.dani]) {
      expect({ target, ...(await call("PUT", `/guilds/${GUILD_IDS.workshop}/bans/${target}`, {})) }).toMatchObject({ target, status: 403, body: { code: 50013 } });
    }
    expect(emulator.state.bansOf(GUILD_IDS.workshop).size).toBe(0);
    expect(emulator.state.auditLogOf(GUILD_IDS.workshop)).toEqual([]);
  });

  it("pages the ban list by user id with before, after and limit", async () => {
    allowBot(PERMISSIONS.BanMembers);
    for (const user of [USER_IDS.sam, USER_IDS.emre, USER_IDS.bjorn]) expect((await call("PUT", `/guilds/${GUILD_IDS.workshop}/bans/${user}`, {})).status).toBe(204);
    const ids = async (query: string) => (await call<{ user: { id: string } }[]>("GET", `/guilds/${GUILD_IDS.workshop}/bans${query}`)).body.map((entry) => entry.user.id);
    const sorted = [USER_IDS.sam, USER_IDS.bjorn, USER_IDS.emre];
    expect(await ids("")).toEqual(sorted);
    expect(await ids("?limit=2")).toEqual(sorted.slice(0, 2));
    expect(await ids(`?after=${sorted[1]}`)).toEqual([sorted[2]]);
    expect(await ids(`?before=${sorted[2]}&limit=1`)).toEqual([sorted[1]]);
  });
});

describe("kick and timeout", () => {
  it("kicks a member below the bot; an unknown member is 404", async () => {
    allowBot(PERMISSIONS.KickMembers);
    expect((await call("DELETE", `/guilds/${GUILD_IDS.workshop}/members/${USER_IDS.sam}`)).status).toBe(204);
    expect(await call("DELETE", `/guilds/${GUILD_IDS.workshop}/members/${USER_IDS.sam}`)).toMatchObject({ status: 404, body: { code: 10007 } });
    expect(emulator.state.auditLogOf(GUILD_IDS.workshop).map((entry) => entry.action_type)).toEqual([AUDIT_ACTIONS.MEMBER_KICK]);
  });

  it("times a member out up to 28 days, clears it, refuses longer and refuses administrators", async () => {
    allowBot(PERMISSIONS.ModerateMembers);
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    const set = await call<{ communication_disabled_until: string | null }>("PATCH", `/guilds/${GUILD_IDS.workshop}/members/${USER_IDS.sam}`, { communication_disabled_until: until });
    expect(set).toMatchObject({ status: 200, body: { communication_disabled_until: until } });
    const tooLong = new Date(Date.now() + 29 * 24 * 60 * 60_000).toISOString();
    expect(await call("PATCH", `/guilds/${GUILD_IDS.workshop}/members/${USER_IDS.sam}`, { communication_disabled_until: tooLong })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect((await call("PATCH", `/guilds/${GUILD_IDS.workshop}/members/${USER_IDS.sam}`, { communication_disabled_until: null })).body).toMatchObject({ communication_disabled_until: null });
    expect(await call("PATCH", `/guilds/${GUILD_IDS.workshop}/members/${USER_IDS.ada}`, { communication_disabled_until: until })).toMatchObject({ status: 403 });
    const changes = emulator.state.auditLogOf(GUILD_IDS.workshop).map((entry) => entry.changes);
    expect(changes).toEqual([[{ key: "communication_disabled_until", new_value: until }], [{ key: "communication_disabled_until", old_value: until }]]);
  });
});

describe("channel permission overwrites", () => {
  it("sets, updates and deletes an @everyone overwrite, needs MANAGE_ROLES, and only bits the bot has", async () => {
    const general = channelOf("general");
    const path = `/channels/${general.id}/permissions/${GUILD_IDS.workshop}`;
    const deny = PERMISSIONS.SendMessages.toString();
    denyBot(PERMISSIONS.ManageRoles);
    expect(await call("PUT", path, { type: 0, deny })).toMatchObject({ status: 403, body: { code: 50013 } });
    allowBot(PERMISSIONS.ManageRoles, PERMISSIONS.SendMessages, PERMISSIONS.AddReactions);
    expect(await call("PUT", path, { type: 0, deny: PERMISSIONS.BanMembers.toString() })).toMatchObject({ status: 403 });
    expect((await call("PUT", path, { type: 0, deny })).status).toBe(204);
    expect(general.permission_overwrites).toContainEqual({ id: GUILD_IDS.workshop, type: 0, allow: "0", deny });
    // The same overwrite again changes nothing and logs nothing.
    expect((await call("PUT", path, { type: 0, deny })).status).toBe(204);
    expect((await call("PUT", path, { type: 0, deny: (PERMISSIONS.SendMessages | PERMISSIONS.AddReactions).toString() })).status).toBe(204);
    expect((await call("DELETE", path)).status).toBe(204);
    expect(general.permission_overwrites.find((overwrite) => overwrite.id === GUILD_IDS.workshop)).toBeUndefined();
    expect(emulator.state.auditLogOf(GUILD_IDS.workshop).map((entry) => entry.action_type)).toEqual([
      AUDIT_ACTIONS.CHANNEL_OVERWRITE_CREATE,
      AUDIT_ACTIONS.CHANNEL_OVERWRITE_UPDATE,
      AUDIT_ACTIONS.CHANNEL_OVERWRITE_DELETE,
    ]);
  });
});

describe("the audit log", () => {
  it("needs VIEW_AUDIT_LOG; filters by moderator and action; shows acts made in the platform's own client", async () => {
    expect(await call("GET", `/guilds/${GUILD_IDS.workshop}/audit-logs`)).toMatchObject({ status: 403 });
    allowBot(PERMISSIONS.ViewAuditLog, PERMISSIONS.KickMembers);
    const control = await fetch(`${emulator.url}/__emulator/guilds/${GUILD_IDS.workshop}/moderation`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ act: "timeout", moderator_id: USER_IDS.dani, user_id: USER_IDS.sam, minutes: 10, reason: "Cool down" }),
    });
    expect(await control.json()).toEqual({ done: true });
    await call("DELETE", `/guilds/${GUILD_IDS.workshop}/members/${USER_IDS.bjorn}`);
    expect((await auditLog(`?user_id=${USER_IDS.dani}`)).audit_log_entries).toEqual([
      expect.objectContaining({ user_id: USER_IDS.dani, target_id: USER_IDS.sam, action_type: AUDIT_ACTIONS.MEMBER_UPDATE, reason: "Cool down" }),
    ]);
    expect((await auditLog(`?action_type=${AUDIT_ACTIONS.MEMBER_KICK}`)).audit_log_entries.map((entry) => entry.target_id)).toEqual([USER_IDS.bjorn]);
    const all = (await auditLog()).audit_log_entries;
    expect((await auditLog(`?before=${all[0]!.id}`)).audit_log_entries.map((entry) => entry.id)).toEqual([all[1]!.id]);
  });
});

describe("direct messages", () => {
  it("opens one DM channel per user and posts in it; a user who refuses DMs or shares no guild answers 50007", async () => {
    const opened = await call<{ id: string; type: number; recipients: { id: string }[] }>("POST", "/users/@me/channels", { recipient_id: USER_IDS.sam });
    expect(opened).toMatchObject({ status: 200, body: { type: 1, recipients: [{ id: USER_IDS.sam }] } });
    expect((await call<{ id: string }>("POST", "/users/@me/channels", { recipient_id: USER_IDS.sam })).body.id).toBe(opened.body.id);
    const sent = await call<{ channel_id: string; content: string; guild_id?: string }>("POST", `/channels/${opened.body.id}/messages`, { content: "You received a warning", nonce: "n1", enforce_nonce: true });
    expect(sent).toMatchObject({ status: 200, body: { channel_id: opened.body.id, content: "You received a warning" } });
    expect(sent.body.guild_id).toBeUndefined();
    // The same nonce again answers the same message.
    await call("POST", `/channels/${opened.body.id}/messages`, { content: "You received a warning", nonce: "n1", enforce_nonce: true });
    expect(emulator.state.messages.list(opened.body.id)).toHaveLength(1);

    emulator.state.closedDms.add(USER_IDS.sam);
    expect(await call("POST", `/channels/${opened.body.id}/messages`, { content: "again" })).toMatchObject({ status: 403, body: { code: 50007 } });
  });
});
