/** @jest-environment node */
// One platform budget per token across instances (lib/platform/shared-budget.ts). This process,
// with REDIS_URL, is instance A and calls the platform emulator through lib/platform/rest.ts;
// instance B is a second link's budget in front of the same HTTP call. What the platform told A
// (a route's bucket is empty, a global 429) holds B's requests back without a call, and the
// global limit is one bucket for both.
import { DefaultRestOptions, RateLimitError } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { getEnv } from "@/lib/env";
import { PlatformError } from "@/lib/platform/errors";
import { botGet } from "@/lib/platform/rest";
import { PlatformBudget, type PlatformBudgetOptions } from "@/lib/platform/shared-budget";
import type { RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { linkUp, startRedisHarness, type RedisHarness } from "@/test/redis-harness";
import { withEnv } from "@/test/set-env";

let redis: RedisHarness;
let platform: EmulatorHarness;
let instanceA: RedisLink;
let instanceB: RedisLink;

beforeAll(async () => {
  redis = await startRedisHarness();
  platform = await startEmulatorHarness();
  instanceA = redis.link();
  instanceB = redis.link();
  await Promise.all([linkUp(instanceA), linkUp(instanceB)]);
});
afterAll(async () => {
  await platform.stop();
  await redis.stop();
});
beforeEach(() => platform.emulator.reset());

/** One GET with the bot token as an instance's REST client sends it: through that instance's budget. */
function getThrough(budget: PlatformBudget, path: string) {
  const url = `${getEnv().DISCORD_API_URL}/v10${path}`;
  return budget.send(url, { method: "GET", headers: { Authorization: `Bot ${getEnv().DISCORD_BOT_TOKEN}` } }, DefaultRestOptions.makeRequest);
}

/** Runs `run` as instance A: lib/platform with REDIS_URL, its link up. */
function onA<T>(run: () => Promise<T>): Promise<T> {
  return withEnv({ REDIS_URL: redis.url }, async () => {
    await linkUp(redisLink()!);
    return run();
  });
}

const budgetB = (options: Partial<PlatformBudgetOptions> = {}) => new PlatformBudget(instanceB, { maxWaitMs: 3000, ...options });

it("holds a route back on B once the platform told A its bucket is empty, without calling the platform", async () => {
  const roles = Routes.guildRoles(GUILD_IDS.workshop);
  platform.emulator.injectFault({ path: roles, status: 429, retry_after: 60 });
  await onA(() => expect(botGet(roles)).rejects.toMatchObject({ kind: "rate_limited" }));
  expect(platform.callsTo("GET /guilds/:id/roles")).toBe(1);

  const refused = await getThrough(budgetB(), roles).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(RateLimitError);
  expect((refused as RateLimitError).retryAfter).toBeGreaterThan(55_000);
  expect(platform.callsTo("GET /guilds/:id/roles")).toBe(1);
  // Another guild's roles are another bucket (the guild is the route's major parameter), and other routes are free.
  expect((await getThrough(budgetB(), Routes.guildRoles(GUILD_IDS.nightOwls))).status).toBe(200);
  expect((await getThrough(budgetB(), Routes.guildChannels(GUILD_IDS.workshop))).status).toBe(200);
});

it("holds every route of the token on B after a global 429 answered to A", async () => {
  platform.emulator.injectFault({ path: Routes.guild(GUILD_IDS.workshop), status: 429, retry_after: 60, global: true });
  await onA(() => expect(botGet(Routes.guild(GUILD_IDS.workshop))).rejects.toBeInstanceOf(PlatformError));
  const before = platform.emulator.calls().total;
  await expect(getThrough(budgetB(), Routes.guildChannels(GUILD_IDS.nightOwls))).rejects.toBeInstanceOf(RateLimitError);
  expect(platform.emulator.calls().total).toBe(before);
});

it("spends one global budget for both instances", async () => {
  // Three requests a minute for this token, between A's budget and B's: the fourth waits too long on either.
  const global = { limit: 3, windowMs: 60_000 };
  const namespace = `global-test:${Date.now()}:`;
  const budgetA = new PlatformBudget(instanceA, { maxWaitMs: 3000, global, namespace });
  const b = budgetB({ global, namespace });
  expect((await getThrough(budgetA, Routes.guild(GUILD_IDS.workshop))).status).toBe(200);
  expect((await getThrough(b, Routes.guildChannels(GUILD_IDS.workshop))).status).toBe(200);
  expect((await getThrough(budgetA, Routes.guildRoles(GUILD_IDS.workshop))).status).toBe(200);
  await expect(getThrough(b, Routes.guild(GUILD_IDS.nightOwls))).rejects.toBeInstanceOf(RateLimitError);
  await expect(getThrough(budgetA, Routes.guild(GUILD_IDS.nightOwls))).rejects.toBeInstanceOf(RateLimitError);
  expect(platform.callsTo("GET /guilds/:id")).toBe(1);
});
