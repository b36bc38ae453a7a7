/** @jest-environment node */
// Saved embed messages (guild_embeds) and command embeds through the API: the platform's
// limits on save, and the payload the send endpoint builds (templates, "now", defaults).
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let channel: string;
const GUILD_NAME = "Embed workshop";

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  // A guild of this file's own: its plugin config and items are ours alone.
  guild = addScratchGuild(harness, "workshop", GUILD_NAME);
  ada = await signedInJar(harness);
  channel = (await guildRefs(guild)).channel;
});
afterAll(() => harness.stop());

async function json(response: Response, expected: number): Promise<Record<string, unknown>> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as Record<string, unknown>;
}

const embeds = () => `/guild_embeds/guilds/${guild}/embeds`;
const commands = () => `/commands/guilds/${guild}/commands`;
const create = async (path: string, body: unknown) => json(await pluginCall(ada, "POST", path, { body }), 201);

/** The 400 of a refused body, with its fields as path → issue code (lib/validation/issues.ts). */
async function refused(response: Response): Promise<Record<string, string>> {
  const body = (await readBody(response)) as Envelope;
  expect(response.status).toBe(400);
  expect(body.code).toBe("validation_failed");
  return Object.fromEntries((body.fields ?? []).map((field) => [field.path, field.code]));
}

describe("saving embed messages", () => {
  it("needs a name and at least one embed", async () => {
    expect(await refused(await pluginCall(ada, "POST", embeds(), { body: { name: "No embeds" } }))).toMatchObject({ embeds: "too_few" });
    expect(await refused(await pluginCall(ada, "POST", embeds(), { body: { name: "", embeds: [{ title: "x" }] } }))).toHaveProperty("name");
  });

  it("refuses the platform's limits with their sentences", async () => {
    const long = (n: number) => "x".repeat(n);
    const tooMany = Array.from({ length: 11 }, (_, index) => ({ title: `Embed ${index}` }));
    expect(await refused(await pluginCall(ada, "POST", embeds(), { body: { name: "Many", embeds: tooMany } }))).toEqual({ embeds: "too_many" });
    const fields = await refused(await pluginCall(ada, "POST", embeds(), { body: { name: "Long", embeds: [{ title: long(257), fields: [{ name: "n", value: long(1025) }] }] } }));
    expect(fields).toMatchObject({ "embeds.0.title": "too_long", "embeds.0.fields.0.value": "too_long" });
    // 4000 + 4000 characters: each embed fits, the message does not.
    const big = { description: long(4000) };
    expect(await refused(await pluginCall(ada, "POST", embeds(), { body: { name: "Big", embeds: [big, big] } }))).toEqual({
      embeds: "embeds_total",
    });
    expect(await refused(await pluginCall(ada, "POST", embeds(), { body: { name: "Late", embeds: [{ title: "x", timestamp: "tomorrow" }] } }))).toHaveProperty(["embeds.0.timestamp"]);
  });

  it("stores the embeds as built, with a 'now' timestamp kept as such", async () => {
    const body = { name: "Stored", content: "Hi", embeds: [{ title: "One", color: 0x112233, timestamp: "now", author: { name: "Ada" }, fields: [{ name: "a", value: "b", inline: true }] }] };
    const item = await create(embeds(), body);
    expect(item).toMatchObject({ ...body, channel_id: null, message_id: null });
  });
});

describe("sending an embed message", () => {
  it("renders the templates, resolves 'now' and fills the plugin's defaults", async () => {
    await json(await pluginCall(ada, "PATCH", `/guild_embeds/config/${guild}`, { body: { default_color: 0xabcdef, default_footer: "Sent by {server.name}" } }), 200);
    const item = await create(embeds(), {
      name: "Welcome",
      content: "Hello {server.name}!",
      channel_id: channel,
      embeds: [
        { title: "{server.name} rules", url: "https://example.com/rules", description: "Read {channel}", timestamp: "now", fields: [{ name: "{server.member_count} members", value: "Be kind", inline: true }] },
        { description: "Own colour and footer", color: 0x123456, footer: { text: "Mine" }, timestamp: "2030-01-02T03:04:05.000Z" },
      ],
    });
    const before = Date.now();
    const sent = await json(await pluginCall(ada, "POST", `${embeds()}/${item.id}/send`, { body: {} }), 200);
    const posted = harness.emulator.messages(channel).find((message) => message.id === sent.message_id);
    expect(posted?.content).toBe(`Hello ${GUILD_NAME}!`);
    const [first, second] = posted!.embeds;
    expect(first).toMatchObject({ title: `${GUILD_NAME} rules`, url: "https://example.com/rules", description: `Read <#${channel}>`, color: 0xabcdef, footer: { text: `Sent by ${GUILD_NAME}` } });
    expect(first!.fields).toEqual([{ name: expect.stringMatching(/^\d+ members$/), value: "Be kind", inline: true }]);
    expect(Date.parse(first!.timestamp!)).toBeGreaterThanOrEqual(before - 1000);
    expect(second).toMatchObject({ description: "Own colour and footer", color: 0x123456, footer: { text: "Mine" } });
    expect(Date.parse(second!.timestamp!)).toBe(Date.parse("2030-01-02T03:04:05.000Z"));
    // The stored item keeps its templates and its "now".
    const stored = await json(await pluginCall(ada, "GET", `${embeds()}/${item.id}`), 200);
    expect((stored.embeds as Array<{ title?: string; timestamp?: string }>)[0]).toMatchObject({ title: "{server.name} rules", timestamp: "now" });
  });
});

describe("command embeds", () => {
  it("need a response or at least one embed, on create and on update", async () => {
    expect(await refused(await pluginCall(ada, "POST", commands(), { body: { name: "empty" } }))).toEqual({ response: "response_or_embed" });
    const boxed = await create(commands(), { name: "boxed", embeds: [{ title: "Only an embed" }] });
    expect(boxed).toMatchObject({ response: "", embeds: [{ title: "Only an embed" }] });
    // Taking the last embed away from a command without text is refused, not a server error.
    expect(await refused(await pluginCall(ada, "PATCH", `${commands()}/${boxed.id}`, { body: { embeds: [] } }))).toEqual({ response: "response_or_embed" });
    const texted = await create(commands(), { name: "texted", response: "Hi" });
    expect(texted.embeds).toEqual([]);
  });
});
