/** @jest-environment node */
// The server's webhooks against the platform emulator: POST /api/guilds/{id}/webhooks {channel_id, src}
// makes one with the bot and shows its URL (token inside) once; the list, the Guild entity's
// `webhooks`, a rename and an avatar change never carry the token; a delete removes it. A webhook
// of another server cannot be reached through this one.
import sharp from "sharp";
import { GET as getGuild } from "@/app/api/guilds/[guildId]/route";
import { POST as uploadImage } from "@/app/api/guilds/[guildId]/images/route";
import { GET as listWebhooks, POST as createWebhook } from "@/app/api/guilds/[guildId]/webhooks/route";
import { DELETE as deleteWebhook, PATCH as changeWebhook } from "@/app/api/guilds/[guildId]/webhooks/[webhookId]/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { PERMISSIONS } from "@/emulators/platform/permissions";
import { resetEnvCache } from "@/lib/env";
import { isEnvelope, readBody } from "@/test/api";
import { callForm, imageForm } from "@/test/multipart-client";
import { call } from "@/test/route-client";
import { addScratchGuild, grantBot } from "@/test/scratch-guild";
import { signedInForThisBlock } from "@/test/sign-in";

const signedIn = signedInForThisBlock();
let guild: string; // a copy of workshop: Ada owns it, the bot is in it

beforeAll(() => {
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  resetEnvCache();
});

beforeEach(() => {
  guild = addScratchGuild(signedIn.harness, "workshop");
  grantBot(signedIn.harness, guild, PERMISSIONS.ManageWebhooks);
});

type Hook = { id: string; type: number; name: string; avatar_url: string; channel: { id: string; name: string } | null; creator: { id: string; name: string } | null; url?: string };

const state = () => signedIn.harness.emulator.state;
const channelOf = (guildId: string, name: string) => state().guild(guildId)!.channels.find((channel) => channel.name === name)!.id;
const hooksOf = (guildId: string) => [...state().webhooks.values()].filter((hook) => hook.guild_id === guildId);

const create = (guildId: string, body: unknown) => call(createWebhook, `/api/guilds/${guildId}/webhooks`, { method: "POST", jar: signedIn.jar, params: { guildId }, body });
const list = (guildId: string) => call(listWebhooks, `/api/guilds/${guildId}/webhooks`, { jar: signedIn.jar, params: { guildId } });
const change = (guildId: string, webhookId: string, body: unknown) =>
  call(changeWebhook, `/api/guilds/${guildId}/webhooks/${webhookId}`, { method: "PATCH", jar: signedIn.jar, params: { guildId, webhookId }, body });
const remove = (guildId: string, webhookId: string) => call(deleteWebhook, `/api/guilds/${guildId}/webhooks/${webhookId}`, { method: "DELETE", jar: signedIn.jar, params: { guildId, webhookId } });

async function uploaded(guildId: string, colour: string): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } }).png().toBuffer();
  const response = await callForm(uploadImage, `/api/guilds/${guildId}/images`, imageForm(bytes), { jar: signedIn.jar, params: { guildId } });
  const { key } = (await readBody(response)) as { key: string };
  return `upload:${key}`;
}

describe("/api/guilds/{id}/webhooks", () => {
  it("makes a webhook with an uploaded avatar and shows its URL once; the list and the Guild entity never carry the token", async () => {
    const general = channelOf(guild, "general");
    const response = await create(guild, { channel_id: general, src: await uploaded(guild, "#c36"), name: "Deploys" });
    expect(response.status).toBe(201);
    const { webhook } = (await readBody(response)) as { webhook: Hook };
    const [made] = hooksOf(guild);
    expect(made).toMatchObject({ channel_id: general, name: "Deploys", user_id: USER_IDS.bot, avatar: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(webhook).toMatchObject({ id: made!.id, type: 1, name: "Deploys", channel: { id: general, name: "general" }, creator: { id: USER_IDS.bot } });
    expect(webhook.url).toBe(`${signedIn.harness.emulator.url}/api/webhooks/${made!.id}/${made!.token}`);
    expect(webhook.avatar_url).toContain(`/avatars/${made!.id}/${made!.avatar}.png`);

    const listed = await list(guild);
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).not.toContain(made!.token);
    const { url: _shownOnce, ...withoutUrl } = webhook;
    expect(JSON.parse(text)).toEqual({ webhooks: [withoutUrl] });

    const entity = await call(getGuild, `/api/guilds/${guild}`, { jar: signedIn.jar, params: { guildId: guild } });
    const entityText = await entity.text();
    expect(entityText).not.toContain(made!.token);
    expect((JSON.parse(entityText) as { webhooks: Hook[] }).webhooks).toEqual([withoutUrl]);
  });

  it("names a webhook Guildhall when no name is given, with the default picture when no src is", async () => {
    const response = await create(guild, { channel_id: channelOf(guild, "general") });
    expect(response.status).toBe(201);
    expect(((await readBody(response)) as { webhook: Hook }).webhook).toMatchObject({ name: "Guildhall", avatar_url: expect.stringContaining("/embed/avatars/") });
  });

  it("renames a webhook and changes its avatar on the platform, then deletes it", async () => {
    const { webhook } = (await readBody(await create(guild, { channel_id: channelOf(guild, "general"), name: "Deploys" }))) as { webhook: Hook };
    const renamed = await change(guild, webhook.id, { name: "Releases" });
    expect(renamed.status).toBe(200);
    const renamedText = await renamed.text();
    expect((JSON.parse(renamedText) as { webhook: Hook }).webhook).toMatchObject({ id: webhook.id, name: "Releases" });
    expect(state().webhooks.get(webhook.id)?.name).toBe("Releases");
    expect(renamedText).not.toContain(state().webhooks.get(webhook.id)!.token);

    const pictured = await change(guild, webhook.id, { src: await uploaded(guild, "#6c3") });
    expect(pictured.status).toBe(200);
    expect(state().webhooks.get(webhook.id)?.avatar).toMatch(/^[0-9a-f]{32}$/);
    expect((await change(guild, webhook.id, { src: null })).status).toBe(200);
    expect(state().webhooks.get(webhook.id)?.avatar).toBeNull();

    expect((await remove(guild, webhook.id)).status).toBe(204);
    expect(state().webhooks.has(webhook.id)).toBe(false);
    expect(((await readBody(await list(guild))) as { webhooks: Hook[] }).webhooks).toEqual([]);
  });

  it("refuses a channel of another server, a channel without messages, an unknown upload and a reserved name, making nothing", async () => {
    const other = addScratchGuild(signedIn.harness, "nightOwls");
    const category = state().guild(guild)!.channels.find((channel) => channel.type === 4)!.id;
    const cases: Array<[unknown, string, string]> = [
      [{ channel_id: state().guild(other)!.channels.find((channel) => channel.type === 0)!.id }, "channel_id", "unknown_channel"],
      [{ channel_id: category }, "channel_id", "wrong_channel_type"],
      [{ channel_id: channelOf(guild, "general"), src: `upload:${"0".repeat(64)}.png` }, "src", "unknown_upload"],
      [{ channel_id: channelOf(guild, "general"), name: "Discord updates" }, "name", "webhook_name_reserved"],
    ];
    for (const [body, path, code] of cases) {
      const response = await create(guild, body);
      const answer = await readBody(response);
      expect(response.status).toBe(400);
      expect(isEnvelope(answer, 400) && answer.fields?.[0]).toMatchObject({ path, code });
    }
    expect(hooksOf(guild)).toEqual([]);
  });

  it("cannot rename or delete another server's webhook through this one", async () => {
    const other = addScratchGuild(signedIn.harness, "workshop");
    grantBot(signedIn.harness, other, PERMISSIONS.ManageWebhooks);
    const { webhook } = (await readBody(await create(other, { channel_id: channelOf(other, "general"), name: "Theirs" }))) as { webhook: Hook };
    for (const response of [await change(guild, webhook.id, { name: "Mine now" }), await remove(guild, webhook.id)]) {
      const body = await readBody(response);
      expect(response.status).toBe(404);
      expect(isEnvelope(body, 404) && body.code).toBe("webhook_not_found");
    }
    expect(state().webhooks.get(webhook.id)?.name).toBe("Theirs");
  });

  it("says the bot lacks Manage Webhooks when the platform refuses, and lists none", async () => {
    const bare = addScratchGuild(signedIn.harness, "workshop");
    const response = await create(bare, { channel_id: channelOf(bare, "general") });
    expect(response.status).toBe(403);
    expect(((await readBody(response)) as { code: string }).code).toBe("webhook_bot_missing_permission");
    expect(await readBody(await list(bare))).toEqual({ webhooks: [] });
  });

  it("answers in the caller's language: the fifteen-webhook limit in French", async () => {
    for (let index = 0; index < 15; index++) expect((await create(guild, { channel_id: channelOf(guild, "general"), name: `Hook ${index}` })).status).toBe(201);
    const response = await call(createWebhook, `/api/guilds/${guild}/webhooks`, { method: "POST", jar: signedIn.jar, params: { guildId: guild }, body: { channel_id: channelOf(guild, "general") }, headers: { "accept-language": "fr" } });
    const body = await readBody(response);
    expect(response.status).toBe(409);
    expect(isEnvelope(body, 409) && body.message).toBe("Ce salon a déjà 15 webhooks, la limite de Discord. Supprimez-en un ou choisissez un autre salon.");
    expect(hooksOf(guild)).toHaveLength(15);
  });
});
