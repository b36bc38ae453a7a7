// `npm start`: the one command a newcomer runs. Prepares .data/, starts the
// platform emulator when no Discord credentials are configured, validates the
// environment, builds when sources changed, migrates, then serves the app.
// First: the demo seeds record moderation cases through server modules (scripts/outside-next.cjs).
import "./outside-next.cjs";
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EMULATOR_BOT_TOKEN, EMULATOR_CLIENT_ID, EMULATOR_CLIENT_SECRET, EMULATOR_PUBLIC_KEY } from "../emulators/platform/credentials";
import { startPlatformEmulator } from "../emulators/platform/server";
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET } from "../emulators/stripe/credentials";
import { startStripeFake } from "../emulators/stripe/server";
import { TEST_TOKEN, localCryptoEnv, startEvmNode } from "../emulators/evm/node";
import { FAKE_CHARGEBEE_SITE, startChargebeeFake } from "../emulators/chargebee/server";
import { fakePort } from "../emulators/ports";
import { startSocialFake } from "../emulators/social/server";
import { FAKE_CLIENT_ID as PAYPAL_FAKE_CLIENT_ID, FAKE_CLIENT_SECRET as PAYPAL_FAKE_CLIENT_SECRET, FAKE_WEBHOOK_ID as PAYPAL_FAKE_WEBHOOK_ID, fakePlanIds } from "../emulators/paypal/credentials";
import { startPaypalFake } from "../emulators/paypal/server";
import { FAKE_AMPLITUDE_KEY, startAmplitudeFake } from "../emulators/amplitude/server";
import { openDb } from "../lib/db/open";
import { seedDemoBirthdays } from "../demo/seed-birthdays";
import { seedDemoCoins } from "../demo/seed-economy";
import { seedDemoLevels } from "../demo/seed-levels";
import { grantDemoModeration, seedDemoCases } from "../demo/seed-moderation";
import { seedDemoRecordingsAndStatistics } from "../demo/seed-recordings-statistics";
import { seedDemoTickets } from "../demo/seed-tickets";
import { seedDemoAutomations } from "../demo/seed-automations";
import { grantDemoExpressions } from "../demo/grant-expressions";
import type { World } from "../emulators/platform/model";
import { EnvError, parseEnv } from "../lib/env";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

const dev = process.argv.includes("--dev");
/** `npm start -- --instances N`: N app processes behind a local round-robin proxy on PORT. */
const instances = instanceCount(process.argv);
const root = process.cwd();
const dataDir = path.join(root, ".data");
mkdirSync(dataDir, { recursive: true });
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.NEXT_IGNORE_INCORRECT_LOCKFILE = "1";

function sessionSecret(): string {
  const file = path.join(dataDir, "session-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** A local key for custom bot tokens (lib/custom-bot/token-crypto.ts), kept like the session secret. */
function customBotTokenKeys(): string {
  const file = path.join(dataDir, "custom-bot-token-keys");
  if (!existsSync(file)) writeFileSync(file, `local-1:${randomBytes(32).toString("base64")}`, { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

async function main() {
  process.env.SESSION_SECRET ||= sessionSecret();
  process.env.CUSTOM_BOT_TOKEN_KEYS ||= customBotTokenKeys();
  let stopEmulator: (() => Promise<void>) | undefined;
  // The emulator's guilds and members, for the demo data; none against a real Discord.
  let demoWorld: World | undefined;
  const configured = process.env.DISCORD_CLIENT_ID && process.env.DISCORD_CLIENT_SECRET && process.env.DISCORD_BOT_TOKEN;
  if (!configured) {
    // crowdReactions and DEMO_GIVEAWAY_ENTRANTS stand in for members and the bot on giveaways (lib/plugins/giveaways/demo-entrants.ts).
    const emulator = await startPlatformEmulator({ port: Number(process.env.PLATFORM_EMULATOR_PORT ?? 3100), quiet: true, crowdReactions: true });
    stopEmulator = () => emulator.close();
    demoWorld = emulator.state.world;
    Object.assign(process.env, {
      PLATFORM_EMULATOR: "1",
      DEMO_GIVEAWAY_ENTRANTS: "1",
      DISCORD_CLIENT_ID: EMULATOR_CLIENT_ID,
      DISCORD_CLIENT_SECRET: EMULATOR_CLIENT_SECRET,
      DISCORD_PUBLIC_KEY: EMULATOR_PUBLIC_KEY,
      DISCORD_BOT_TOKEN: EMULATOR_BOT_TOKEN,
      DISCORD_API_URL: `${emulator.url}/api`,
      DISCORD_OAUTH_URL: emulator.url,
      DISCORD_CDN_URL: `${emulator.url}/cdn`,
    });
    console.log(`No Discord credentials configured: using the built-in platform emulator at ${emulator.url}`);
  }

  // Card checkout: the Stripe fake (emulators/stripe) when no Stripe key is configured; it sends its events to the app.
  let stopStripe: (() => Promise<void>) | undefined;
  if (!process.env.STRIPE_SECRET_KEY) {
    const appUrl = (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, "");
    const fake = await startStripeFake({ port: fakePort("STRIPE_FAKE_PORT"), webhook: `${appUrl}/api/webhooks/stripe` });
    stopStripe = () => fake.close();
    Object.assign(process.env, { STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_BASE: fake.url });
    console.log(`No Stripe key configured: using the built-in Stripe fake at ${fake.url} (test card 4242 4242 4242 4242)`);
  }

  let stopEvmNode: (() => Promise<void>) | undefined;
  if (!process.env.CRYPTO_RPC_URL) {
    // Crypto checkout against a real local chain: a Hardhat node with the test token, and the DEMO wallet (a funded test account).
    const node = await startEvmNode({ port: fakePort("CRYPTO_NODE_PORT") });
    stopEvmNode = () => node.close();
    Object.assign(process.env, localCryptoEnv(node));
    console.log(`No crypto network configured: using a local Hardhat node at ${node.url} with the test token ${TEST_TOKEN.symbol} at ${node.tokenAddress} and the test NFT collection (NFT avatars; the DEMO wallet holds #1-#3) at ${node.nftAddress}`);
  }

  // Without a Chargebee site the shop and checkout run against the local fake (test card 4111 1111 1111 1111).
  let stopChargebee: (() => Promise<void>) | undefined;
  if (!process.env.CHARGEBEE_SITE && !process.env.CHARGEBEE_API_KEY) {
    const appUrl = (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, "");
    const webhook = { url: `${appUrl}/api/webhooks/chargebee`, username: "chargebee-fake", password: randomBytes(24).toString("base64url") };
    const fake = await startChargebeeFake({ port: fakePort("CHARGEBEE_FAKE_PORT"), quiet: true, webhook });
    stopChargebee = () => fake.close();
    Object.assign(process.env, {
      CHARGEBEE_SITE: FAKE_CHARGEBEE_SITE,
      CHARGEBEE_API_KEY: fake.apiKey,
      CHARGEBEE_API_URL: fake.url,
      CHARGEBEE_WEBHOOK_USERNAME: webhook.username,
      CHARGEBEE_WEBHOOK_PASSWORD: webhook.password,
    });
    console.log(`No Chargebee site configured: using the local Chargebee fake at ${fake.url} (pay with the test card 4111 1111 1111 1111)`);
  }

  // PayPal: without a PayPal app the checkout runs against the local fake (emulators/paypal), which
  // sells every plan and period and sends its signed events to the app's webhook.
  let stopPaypal: (() => Promise<void>) | undefined;
  if (!process.env.PAYPAL_CLIENT_ID && !process.env.PAYPAL_CLIENT_SECRET) {
    const appUrl = (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, "");
    const fake = await startPaypalFake({ port: fakePort("PAYPAL_FAKE_PORT"), webhook: `${appUrl}/api/webhooks/paypal` });
    stopPaypal = () => fake.close();
    Object.assign(process.env, {
      PAYPAL_CLIENT_ID: PAYPAL_FAKE_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: PAYPAL_FAKE_CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: PAYPAL_FAKE_WEBHOOK_ID,
      PAYPAL_API_URL: fake.url,
      PAYPAL_PLAN_IDS: JSON.stringify(fakePlanIds()),
    });
    console.log(`No PayPal app configured: using the local PayPal fake at ${fake.url} (its sandbox buyer approves with one click)`);
  }

  // Product analytics: without an Amplitude key the consent banner's "yes" and the server's events
  // (logins) upload to the local fake of Amplitude's HTTP V2 API; what it took is at its
  // /__fake/received. An empty AMPLITUDE_API_KEY turns analytics off instead (the e2e tests).
  let stopAmplitude: (() => Promise<void>) | undefined;
  if (process.env.AMPLITUDE_API_KEY === undefined) {
    const fake = await startAmplitudeFake({ port: fakePort("AMPLITUDE_FAKE_PORT") });
    stopAmplitude = () => fake.close();
    Object.assign(process.env, { AMPLITUDE_API_KEY: FAKE_AMPLITUDE_KEY, AMPLITUDE_SERVER_URL: fake.url });
    console.log(`No Amplitude key configured: analytics (after consent) go to the local Amplitude fake at ${fake.url}`);
  }

  // Social alerts and the music player: every provider whose credentials are unset searches the
  // local social fake (emulators/social: "ada" finds streamers, channels and tracks), so the demo's
  // forms find accounts; without a YouTube key the music links' hosts (oEmbed) are faked too.
  const socialFake = await startSocialFake({ port: fakePort("SOCIAL_FAKE_PORT"), quiet: true });
  const stopSocial = () => socialFake.close();
  Object.assign(process.env, socialFake.envFor(process.env));
  console.log(`Social providers without credentials search the local social fake at ${socialFake.url}`);

  let env;
  try {
    env = parseEnv({ ...process.env, NODE_ENV: dev ? "development" : "production" });
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    await Promise.all([stopEmulator?.(), stopStripe?.(), stopEvmNode?.(), stopChargebee?.(), stopPaypal?.(), stopAmplitude?.(), stopSocial()]);
    process.exit(1);
  }

  // Both end up in prerendered pages (links, image addresses): another value needs another build.
  if (!dev) await buildIfNeeded([env.APP_URL, env.DISCORD_CDN_URL]);
  const handle = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  if (demoWorld) {
    console.log(`Demo Levels data ready in ${await seedDemoLevels(handle.db, demoWorld)} servers.`);
    await seedDemoBirthdays(handle.db);
    await seedDemoCoins(handle.db, demoWorld);
    grantDemoModeration(demoWorld);
    grantDemoExpressions(demoWorld);
    await seedDemoCases(handle.db, demoWorld);
    await seedDemoTickets(handle.db, demoWorld);
    await seedDemoAutomations(handle.db, demoWorld);
    await seedDemoRecordingsAndStatistics(handle.db, demoWorld, env.s3 ? null : path.resolve(env.UPLOADS_DIR));
  }
  await handle.close();
  console.log(`Database ready (${env.DATABASE_URL ? "PostgreSQL" : `PGlite in ${env.PGLITE_DIR}`}).`);

  // Production: Next's handler in server/main.ts, behind the kept public pages. Development: `next dev`.
  // SERVER_CPU_PROF_DIR: the server process writes a CPU profile there when it stops (`npm run bench:profile`).
  const profile = process.env.SERVER_CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.SERVER_CPU_PROF_DIR}`] : [];
  // tsx's CommonJS hook only: with its ESM hooks, every import() (Next imports its cache handler
  // at each request) would wait on the hooks' thread.
  const command = dev ? [require.resolve("next/dist/bin/next"), "dev", "-p", String(env.PORT)] : [...profile, "--require", "tsx/cjs", path.join(root, "server", "main.ts")];
  const stopFakes = () => Promise.all([stopEmulator?.(), stopStripe?.(), stopEvmNode?.(), stopChargebee?.(), stopPaypal?.(), stopAmplitude?.(), stopSocial()]);
  if (instances > 1) return startInstances(command, env.PORT, env.TRUST_PROXY, env.APP_URL, stopFakes);
  const next = spawn(process.execPath, command, {
    stdio: "inherit",
    env: dev ? process.env : { ...process.env, NODE_ENV: "production" },
  });
  console.log(`Guildhall is starting on ${env.APP_URL}`);
  const stop = (signal: NodeJS.Signals) => next.kill(signal);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  next.on("exit", async (code) => {
    await stopFakes();
    process.exit(code ?? 0);
  });
}

function instanceCount(argv: readonly string[]): number {
  const at = argv.indexOf("--instances");
  if (at === -1) return 1;
  const count = Number(argv[at + 1]);
  if (!Number.isInteger(count) || count < 1 || count > 16) {
    console.error("--instances takes a number from 1 to 16.");
    process.exit(1);
  }
  return count;
}

/**
 * Several instances share what must be shared through PostgreSQL and Redis (an embedded PGlite
 * belongs to one process): instance i listens on PORT + i, the proxy on PORT (APP_URL's), and
 * each instance trusts one more proxy in X-Forwarded-For.
 */
async function startInstances(command: string[], port: number, trustProxy: number, appUrl: string, stopFakes: () => Promise<unknown>) {
  if (dev || !process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.error("--instances needs a production build (no --dev), DATABASE_URL (a PostgreSQL every instance shares) and REDIS_URL (the shared caches, budgets and live events).");
    await stopFakes();
    process.exit(1);
  }
  const ports = Array.from({ length: instances }, (_, i) => port + 1 + i);
  const children = ports.map((own) =>
    spawn(process.execPath, command, { stdio: "inherit", env: { ...process.env, NODE_ENV: "production", PORT: String(own), APP_URL: appUrl, TRUST_PROXY: String(trustProxy + 1) } }),
  );
  const proxy: RoundRobinProxy = await startRoundRobinProxy({ port, targets: ports });
  console.log(`Guildhall is starting ${instances} instances (ports ${ports.join(", ")}) behind ${appUrl}`);
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    await Promise.all([proxy.close(), stopFakes()]);
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  // One instance ending ends them all, as `npm start` ends with its only instance.
  for (const child of children) child.on("exit", (code) => void stop(code ?? 0));
}

/** Rebuilds when any source file or a build-relevant setting changed since the last build. */
async function buildIfNeeded(settings: string[]) {
  const stampFile = path.join(root, ".next", "guildhall-build-stamp");
  const stamp = fingerprint(settings);
  if (existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return;
  console.log("Building Guildhall (first start or sources changed)…");
  // Not spawnSync: the fakes in this process must keep answering (the premium page reads its prices while it is built).
  const build = spawn(process.execPath, [require.resolve("next/dist/bin/next"), "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  const status = await new Promise<number | null>((resolve) => build.on("exit", resolve));
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(stampFile, stamp);
}

const BUILD_INPUTS = ["app", "components", "lib", "i18n", "messages", "public", "middleware.ts", "instrumentation.ts", "next.config.ts", "package-lock.json", "tsconfig.json"];

function fingerprint(settings: string[]): string {
  const hash = createHash("sha256").update(settings.join("\n"));
  const visit = (full: string) => {
    if (!existsSync(full)) return;
    const info = statSync(full);
    if (info.isDirectory()) for (const name of readdirSync(full).sort()) visit(path.join(full, name));
    else hash.update(`${path.relative(root, full)}:${info.size}:${info.mtimeMs}\n`);
  };
  for (const entry of BUILD_INPUTS) visit(path.join(root, entry));
  return hash.digest("hex");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
