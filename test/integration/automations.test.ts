/** @jest-environment node */
// Automations against the platform emulator: saves refused at the field for a channel or role
// that is not the guild's, a variable the trigger does not provide, a pattern RE2 cannot run
// and an unknown time zone; the free plan's three automations and three actions; the dry run's
// per-action answer, which posts nothing; and a schedule run by the job engine, which posts in
// its channel, calls its webhook and logs the run once although its job runs twice.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getDb } from "@/lib/db/client";
import { getGuildPickers } from "@/lib/guilds/pickers";
import type { JobContext } from "@/lib/jobs/job";
import { getQueue } from "@/lib/jobs/queue";
import { prepareQueues } from "@/lib/jobs/worker";
import { runAutomationJob, sweepAutomationsJob } from "@/lib/plugins/automations/schedule";
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { GUILD_IDS, guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, setBuffs } from "@/test/scratch-guild";
import { clearEnv, setEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let hook: Server;
let hookUrl: string;
const hookCalls: unknown[] = [];

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
  hook = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      hookCalls.push({ method: req.method, body: JSON.parse(body) as unknown });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  hookUrl = `${origin}/automation`;
  // The webhook receiver is a local fake: the guarded fetch reaches it as it reaches the social fake.
  setEnv({ OUTBOUND_ALLOWED_ORIGINS: origin });
}, 60_000);
afterAll(async () => {
  clearEnv(["OUTBOUND_ALLOWED_ORIGINS"]);
  await new Promise((resolve) => hook.close(resolve));
  await harness.stop();
});

async function json<T = Record<string, unknown>>(response: Response, expected: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

/** A scratch guild with Automations on, its text channels by name and an assignable role. */
async function automationsGuild() {
  const guild = addScratchGuild(harness, "workshop", "Automation hall");
  await json(await pluginCall(ada, "PATCH", `/automations/config/${guild}`, { body: { enabled: true } }), 200);
  const pickers = await getGuildPickers(guild);
  const channels = Object.fromEntries(pickers.channels.filter((channel) => channel.type === 0).map((channel) => [channel.name, channel.id]));
  const role = pickers.roles.find((candidate) => candidate.assignable)!;
  return { guild, general: channels.general!, offTopic: channels["off-topic"]!, role };
}

const list = (guild: string) => `/automations/guilds/${guild}/automations`;
const create = (guild: string, body: Record<string, unknown>) => pluginCall(ada, "POST", list(guild), { body });
const fieldsOf = (envelope: Envelope) => envelope.fields?.map((field) => [field.path, field.code]);

describe("saving an automation", () => {
  let guild: string;
  let general: string;
  beforeAll(async () => ({ guild, general } = await automationsGuild()));

  it("refuses a channel or a role of another guild at its field, and writes nothing", async () => {
    const elsewhere = await guildRefs(GUILD_IDS.workshop);
    const refused = await json<Envelope>(
      await create(guild, {
        name: "Greeter",
        trigger: { type: "member_join" },
        actions: [
          { type: "send_message", channel_id: elsewhere.channel, content: "Hi {user}" },
          { type: "add_role", role_id: elsewhere.role },
        ],
      }),
      400,
    );
    expect(refused.code).toBe("validation_failed");
    expect(fieldsOf(refused)).toEqual([
      ["actions.0.channel_id", "unknown_channel"],
      ["actions.1.role_id", "unknown_role"],
    ]);
    expect(await json<{ total: number }>(await pluginCall(ada, "GET", list(guild)), 200)).toMatchObject({ total: 0 });
  });

  it("refuses a variable the trigger does not provide, and knows the ones set_variable makes", async () => {
    const refused = await json<Envelope>(
      await create(guild, {
        name: "Morning",
        trigger: { type: "schedule", schedule: "daily", time: "09:00", time_zone: "Europe/Paris" },
        actions: [
          { type: "set_variable", variable: "greeting", value: "Good morning" },
          { type: "send_message", channel_id: general, content: "{greeting}, {user.name}!" },
        ],
      }),
      400,
    );
    expect(fieldsOf(refused)).toEqual([["actions.1.content", "unknown_variable"]]);
    expect(refused.fields![0]!.params).toMatchObject({ variable: "{user.name}" });
    expect(refused.fields![0]!.message).toContain("{user.name}");

    // A schedule has no member to give a role to, nor a message to read.
    const memberless = await json<Envelope>(
      await create(guild, { name: "Roles at nine", trigger: { type: "schedule" }, conditions: [{ type: "variable", variable: "message.content", value: "x" }], actions: [{ type: "add_role", role_id: null }] }),
      400,
    );
    expect(fieldsOf(memberless)).toEqual([
      ["conditions.0.variable", "unknown_variable"],
      ["actions.0.type", "not_for_trigger"],
      ["actions.0.role_id", "required"],
    ]);
  });

  it("refuses a pattern RE2 cannot run, an unknown time zone and a broken cron line", async () => {
    const pattern = await json<Envelope>(
      await create(guild, { name: "Lookahead", trigger: { type: "message_matches", match_mode: "regex", pattern: "(?=spoiler)" }, actions: [{ type: "send_message", channel_id: general, content: "Careful" }] }),
      400,
    );
    expect(fieldsOf(pattern)).toEqual([["trigger.pattern", "invalid_regex"]]);
    const zone = await json<Envelope>(await create(guild, { name: "Nowhere", trigger: { type: "schedule", time_zone: "Mars/Olympus_Mons" }, actions: [{ type: "send_message", channel_id: general, content: "Hi" }] }), 400);
    expect(fieldsOf(zone)).toEqual([["trigger.time_zone", "invalid_timezone"]]);
    const cron = await json<Envelope>(await create(guild, { name: "Cron", trigger: { type: "schedule", schedule: "cron", cron: "61 * * * *" }, actions: [{ type: "send_message", channel_id: general, content: "Hi" }] }), 400);
    expect(fieldsOf(cron)).toEqual([["trigger.cron", "invalid_cron"]]);
  });

  it("keeps a free server to three automations of three actions each; premium raises both", async () => {
    const other = await automationsGuild();
    const greet = (name: string, actions = 1) => ({ name, trigger: { type: "member_join" }, actions: Array.from({ length: actions }, () => ({ type: "send_message", channel_id: other.general, content: "Welcome {user}" })) });
    const tooMany = await json<Envelope>(await create(other.guild, greet("Four actions", 4)), 403);
    expect(tooMany.code).toBe("premium_required");
    for (const name of ["One", "Two", "Three"]) await json(await create(other.guild, greet(name, 3)), 201);
    const fourth = await json<Envelope>(await create(other.guild, greet("Four")), 403);
    expect(fourth.code).toBe("premium_limit_reached");
    await setBuffs(other.guild, ["premium"]);
    await json(await create(other.guild, greet("Four", 10)), 201);
  });
});

describe("the dry run", () => {
  it("answers per action what it would do, rendered and named, and posts nothing", async () => {
    const { guild, general, role } = await automationsGuild();
    // Four actions: a premium server's.
    await setBuffs(guild, ["premium"]);
    const automation = {
      name: "Hello back",
      trigger: { type: "message_matches", match_mode: "contains", text: "hello" },
      conditions: [{ type: "has_roles", role_ids: [role.id] }],
      actions: [
        { type: "send_message", channel_id: general, content: "{user.name} said: {message.content}", embed_title: "In {channel.name}" },
        { type: "set_variable", variable: "answer", value: "Hi {user.name}" },
        { type: "send_dm", content: "{answer}!" },
        { type: "webhook", url: hookUrl, content: "{message.content}" },
      ],
    };
    const before = harness.emulator.messages(general).length;
    const dry = (sample: Record<string, unknown>) => pluginCall(ada, "POST", `${list(guild)}/dry-run`, { body: { automation, sample } });
    const ran = await json<{ steps: Array<Record<string, unknown>> }>(await dry({ member_name: "bjorn", member_role_ids: [role.id], channel_id: general, message: "Hello there" }), 200);
    expect(ran.steps).toEqual([
      { index: 0, type: "send_message", status: "run", channel_id: general, channel_name: "general", content: "bjorn said: Hello there", embed: { title: "In general", description: "" } },
      { index: 1, type: "set_variable", status: "run", variable: "answer", value: "Hi bjorn" },
      { index: 2, type: "send_dm", status: "run", content: "Hi bjorn!" },
      { index: 3, type: "webhook", status: "run", url: hookUrl, content: "Hello there" },
    ]);

    const skipped = await json<{ steps: Array<Record<string, unknown>> }>(await dry({ member_name: "bjorn", member_role_ids: [], channel_id: general, message: "Hello there" }), 200);
    expect(skipped.steps.map((step) => [step.status, step.reason])).toEqual(Array(4).fill(["skipped", { code: "condition_false", condition: 0, type: "has_roles" }]));
    const unmatched = await json<{ steps: Array<Record<string, unknown>> }>(await dry({ member_role_ids: [role.id], channel_id: general, message: "goodbye" }), 200);
    expect(unmatched.steps[0]).toMatchObject({ status: "skipped", reason: { code: "trigger_no_match" } });

    expect(harness.emulator.messages(general)).toHaveLength(before);
    expect(hookCalls).toEqual([]);
  });

  it("refuses an automation that could not be saved, at the automation's field", async () => {
    const { guild } = await automationsGuild();
    const refused = await json<Envelope>(
      await pluginCall(ada, "POST", `${list(guild)}/dry-run`, { body: { automation: { name: "x", trigger: { type: "member_join" }, actions: [{ type: "send_message", channel_id: null, content: "{message.content}" }] } } }),
      400,
    );
    expect(fieldsOf(refused)).toEqual([
      ["automation.actions.0.channel_id", "required"],
      ["automation.actions.0.content", "unknown_variable"],
    ]);
  });
});

describe("scheduled automations", () => {
  it("run on the job engine at their time in their zone, posting and calling the webhook once when the job runs twice", async () => {
    const { guild, general, offTopic } = await automationsGuild();
    await json(await pluginCall(ada, "PATCH", `/automations/config/${guild}`, { body: { log_channel_id: offTopic } }), 200);
    const created = await json<{ id: string }>(
      await create(guild, {
        name: "Stand-up",
        trigger: { type: "schedule", schedule: "weekly", weekday: 1, time: "09:30", time_zone: "Asia/Tokyo" },
        actions: [
          { type: "set_variable", variable: "topic", value: "the stand-up" },
          { type: "send_message", channel_id: general, content: "Time for {topic} in {server.name}" },
          { type: "webhook", url: hookUrl, content: "{topic}" },
        ],
      }),
      201,
    );
    const queue = await getQueue();
    await prepareQueues(queue, [sweepAutomationsJob, runAutomationJob]);
    // Monday 2026-11-30 09:30 in Tokyo is 00:30 UTC.
    const at = new Date("2026-11-30T00:30:00Z");
    const db = await getDb();
    const context = (now: Date): JobContext => ({ db, queue, now: () => now });

    await sweepAutomationsJob.run({}, context(new Date("2026-11-30T00:29:10Z")));
    expect(await queue.fetch("automations.run", { batchSize: 10 })).toEqual([]);
    await sweepAutomationsJob.run({}, context(new Date("2026-11-30T00:30:20Z")));
    const jobs = await queue.fetch<Record<string, unknown>>("automations.run", { batchSize: 10 });
    const mine = jobs.filter((job) => job.data.automationId === created.id);
    expect(mine.map((job) => job.data)).toEqual([{ guildId: guild, automationId: created.id, at: at.toISOString(), from: 0 }]);

    const data = runAutomationJob.data.parse(mine[0]!.data);
    const before = harness.emulator.messages(general).length;
    const logged = harness.emulator.messages(offTopic).length;
    // The job as first run, then as its retry would run it.
    await runAutomationJob.run(data, context(at));
    await runAutomationJob.run(data, context(at));
    const posted = harness.emulator.messages(general).slice(before);
    expect(posted.map((message) => message.content)).toEqual(["Time for the stand-up in Automation hall"]);
    expect(harness.emulator.messages(offTopic).slice(logged).map((message) => message.content)).toEqual(["Automation “Stand-up” ran on its schedule."]);
    expect(hookCalls).toEqual([{ method: "POST", body: { automation: { id: created.id, name: "Stand-up" }, scheduled_for: at.toISOString(), content: "the stand-up" } }]);
  });
});
