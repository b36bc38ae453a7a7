/** @jest-environment node */
// Every guild-scoped endpoint × every kind of caller, generated from the plugin
// registry and the route files, so a new endpoint cannot ship without a check.
import { PermissionFlagsBits } from "discord-api-types/v10";
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import * as guildRoot from "@/app/api/guilds/[guildId]/route";
import * as auditLog from "@/app/api/guilds/[guildId]/audit-log/route";
import * as emojis from "@/app/api/guilds/[guildId]/emojis/route";
import * as webhooks from "@/app/api/guilds/[guildId]/webhooks/route";
import * as guildInvite from "@/app/api/guilds/[guildId]/invite/route";
import * as guildRoles from "@/app/api/guilds/[guildId]/roles/route";
import * as onboardingSurvey from "@/app/api/guilds/[guildId]/onboarding_survey/route";
import * as nftAvatar from "@/app/api/guilds/[guildId]/nft-avatar/route";
import * as walletNonce from "@/app/api/crypto/users/[userId]/nonce/route";
import * as walletList from "@/app/api/crypto/users/[userId]/wallets/route";
import * as walletOne from "@/app/api/crypto/users/[userId]/wallets/[address]/route";
import * as cryptoTransactions from "@/app/api/crypto/users/[userId]/transactions/route";
import * as nftCouponsRoute from "@/app/api/crypto/users/[userId]/nft-coupons/route";
import * as webhook from "@/app/api/guilds/[guildId]/webhooks/[webhookId]/route";
import * as revert from "@/app/api/guilds/[guildId]/audit-log/[eventId]/revert/route";
import * as member from "@/app/api/guilds/[guildId]/members/[memberId]/route";
import * as memberSearch from "@/app/api/guilds/[guildId]/members/search/route";
import * as images from "@/app/api/guilds/[guildId]/images/route";
import * as refresh from "@/app/api/guilds/[guildId]/refresh/route";
import * as enabledPlugins from "@/app/api/guilds/[guildId]/enabled-plugins/route";
import * as settingsExport from "@/app/api/guilds/[guildId]/settings-export/route";
import * as settingsImport from "@/app/api/guilds/[guildId]/settings-import/route";
import * as subscription from "@/app/api/guilds/[guildId]/subscription/route";
import * as subscriptionAction from "@/app/api/guilds/[guildId]/subscription/[action]/route";
import * as billingSession from "@/app/api/guilds/[guildId]/billing/session/route";
import * as stripeCheckoutRoute from "@/app/api/stripe/plans/[planId]/checkout/route";
import * as paypalCheckoutRoute from "@/app/api/paypal/plans/[planId]/checkout/route";
import * as paypalFinalize from "@/app/api/paypal/finalize/route";
import * as preferences from "@/app/api/users/[userId]/guilds/[guildId]/settings/route";
import * as myStanding from "@/app/api/plugins/levels/guilds/[guildId]/leaderboard/me/route";
import * as transferPremium from "@/app/api/guilds/transfer-premium/route";
import * as transferWeb3 from "@/app/api/guilds/transfer-web3/route";
import * as buyRankCard from "@/app/api/users/[userId]/buy-rank-card/route";
import * as membershipCheckout from "@/app/api/memberships/subscriptions/route";
import * as membershipChange from "@/app/api/memberships/subscriptions/[membershipId]/route";
import * as finalizeRankCard from "@/app/api/users/[userId]/buy-rank-card/finalize/route";
import * as rankCardOwnership from "@/app/api/users/[userId]/rank-card/route";
import * as userBillingSession from "@/app/api/users/[userId]/billing/session/route";
import * as updatePaymentMethods from "@/app/api/users/[userId]/billing/update-payment-methods/route";
import * as cryptoCheckout from "@/app/api/crypto/plan/[planId]/checkout/route";
import * as cryptoPayment from "@/app/api/crypto/checkouts/[checkoutId]/payment/route";
import * as chargebeeCheckout from "@/app/api/guilds/[guildId]/chargebee/checkout/route";
import * as customBot from "@/app/api/guilds/[guildId]/custom-bot/route";
import * as enableCustomBot from "@/app/api/guilds/[guildId]/enable-custom-bot/route";
import * as updateCustomBot from "@/app/api/guilds/[guildId]/update-custom-bot/route";
import * as disableCustomBot from "@/app/api/guilds/[guildId]/disable-custom-bot/route";
import * as customBotAvatar from "@/app/api/guilds/[guildId]/update-custom-bot-avatar/route";
import * as customBotBackstory from "@/app/api/guilds/[guildId]/update-custom-bot-backstory/route";
import * as customBotStatus from "@/app/api/guilds/[guildId]/set-custom-bot-status/route";
import * as customBotBlock from "@/app/api/guilds/[guildId]/acknowledge-custom-bot-block/route";
import * as backstory from "@/app/api/guilds/[guildId]/backstory/route";
import { POST as pluginPost } from "@/app/api/plugins/[...path]/route";
import * as twitchLink from "@/app/api/plugins/twitch/oauth/[guildId]/route";
import * as twitchLinkFinalize from "@/app/api/plugins/twitch/oauth/[guildId]/finalize/route";
import * as twitterLink from "@/app/api/plugins/twitter/oauth/[guildId]/route";
import * as twitterLinkFinalize from "@/app/api/plugins/twitter/oauth/[guildId]/finalize/route";
import * as tiktokLink from "@/app/api/plugins/tiktok/oauth/[guildId]/route";
import * as tiktokLinkFinalize from "@/app/api/plugins/tiktok/oauth/[guildId]/finalize/route";
import * as botConfig from "@/app/api/bot/v1/guilds/[guildId]/config/route";
import * as botChanges from "@/app/api/bot/v1/changes/route";
import * as botEventsRoute from "@/app/api/bot/v1/events/route";
import * as botOpenApi from "@/app/api/bot/v1/openapi.json/route";
import * as botCustomBot from "@/app/api/bot/v1/guilds/[guildId]/custom-bot/route";
import * as flagsRoute from "@/app/api/e/route";
import * as flagMetrics from "@/app/api/e/client/metrics/route";
import * as notificationList from "@/app/api/notifications/route";
import * as notificationRead from "@/app/api/notifications/[notificationId]/read/route";
import * as notificationsReadAll from "@/app/api/notifications/read-all/route";
import * as notificationsSeenAll from "@/app/api/notifications/seen-all/route";
import * as notificationCount from "@/app/api/notifications/unread-count/route";
import * as pluginAlertsRoute from "@/app/api/plugin-alerts/route";
import * as realtimeStream from "@/app/api/realtime/route";
import * as realtimeMessages from "@/app/api/realtime/messages/route";
import * as analyticsProxy from "@/app/api/mpp/route";
import * as analyticsForm from "@/app/api/t/route";
import * as staffGuild from "@/app/api/staff/guilds/[id]/route";
import * as staffGrant from "@/app/api/staff/guilds/[id]/credits/route";
import * as staffUser from "@/app/api/staff/users/[userId]/route";
import { ADVERTISEMENT_COST } from "@/lib/credits/advertisement";
import { addCredits } from "@/lib/credits/ledger";
import { APPLICATION_IDS, APPLICATIONS } from "@/emulators/platform/data/applications";
import { LOCAL_ACCOUNTS } from "@/emulators/evm/node";
import { EMULATOR_CLIENT_ID } from "@/emulators/platform/credentials";
import { musicVideo, watchUrl } from "@/emulators/social/youtube/music";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import { createBotKey, revokeBotKey } from "@/lib/bot-contract/keys";
import { getDb } from "@/lib/db/client";
import { cryptoCheckouts, guildPlugins, membershipAccounts, membershipPlans, memberships, tickets, userWallets } from "@/lib/db/schema";
import { ingestEvents } from "@/lib/bot-contract/events";
import { addNotifications } from "@/lib/notifications/store";
import { recordEntry } from "@/lib/plugins/giveaways/entries";
import { resetEnvCache } from "@/lib/env";
import type { PluginEndpoint } from "@/lib/plugins/endpoint";
import { findEndpoint, PLUGIN_ENDPOINTS } from "@/lib/plugins/server";
import { auditEvents, collectionPath, fillPath, isEnvelope, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { startEvmHarness, type EvmHarness } from "@/test/evm-harness";
import { startChargebeeHarness, type ChargebeeHarness } from "@/test/chargebee-harness";
import { startPaypalHarness, type PaypalHarness } from "@/test/paypal-harness";
import { GUILD_IDS, guildRefs } from "@/test/guild-harness";
import { callForm, imageForm } from "@/test/multipart-client";
import { sampleItems } from "@/test/plugin-samples";
import { call, CookieJar } from "@/test/route-client";
import { addScratchGuild, freshSnowflake, grantBot, readBuffs, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";
import { startStripeHarness } from "@/test/stripe-harness";

type Handler = Parameters<typeof call>[0];
type Prepared = { send: (jar: CookieJar | undefined) => Promise<Response>; cleanup?: (response: Response) => Promise<void> };
/** One endpoint: how to call it on a guild, as its manager (real ids, valid body) or as anyone else. */
type Target = { label: string; prepare: (guildId: string, asManager: boolean) => Promise<Prepared>; membersAllowed?: boolean; signedInAllowed?: boolean };

let harness: EmulatorHarness;
let evm: EvmHarness;
let chargebee: ChargebeeHarness;
let paypal: PaypalHarness;
let ada: CookieJar;
let bjorn: CookieJar;
let samples: Record<string, Record<string, unknown>>;
let refs: { channel: string; role: string; voice: string | undefined };
// Writes go to this file's own copy of workshop (same owner, members, roles and channels),
// so no other test file sees the configs and items the manager cases create.
let workshop: string;
let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
// The account-link routes reach Twitch, X and TikTok through the social fake's OAuth stand-in.
let social: SocialHarness;
// Image uploads land in a throw-away folder, never in the developer's .data.
const uploadsDir = mkdtempSync(path.join(tmpdir(), "guildhall-matrix-uploads-"));

beforeAll(async () => {
  process.env.UPLOADS_DIR = uploadsDir;
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  resetEnvCache();
  [harness, evm, chargebee, paypal] = await Promise.all([startEmulatorHarness(), startEvmHarness(), startChargebeeHarness(), startPaypalHarness()]);
  resetEnvCache();
  social = await startSocialHarness();
  [ada, bjorn] = [await signedInJar(harness), await signedInJar(harness, USER_IDS.bjorn)];
  workshop = addScratchGuild(harness, "workshop");
  refs = await guildRefs(workshop);
  samples = sampleItems({ ...refs, social: social.url });
  // The billing routes act on a subscription: workshop's copy buys Premium with the fake's test card.
  stripe = await startStripeHarness();
  const { url } = (await (await call(stripeCheckoutRoute.GET, `/api/stripe/plans/premium/checkout?guild_id=${workshop}`, { jar: ada, params: { planId: "premium" } })).json()) as { url: string };
  await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }), redirect: "manual" });
  // Six fakes (a local EVM among them) and a card payment: longer than one test's budget on a busy machine.
}, 120_000);
afterAll(async () => {
  await Promise.all([stripe.stop(), harness.stop(), evm.stop(), chargebee.stop(), paypal.stop(), social.stop()]);
  rmSync(uploadsDir, { recursive: true, force: true });
});

// ---- plugin endpoints (PLUGIN_ENDPOINTS) ----

async function json(response: Response, expected: number): Promise<Record<string, unknown>> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as Record<string, unknown>;
}

async function deleteItem(guildId: string, plugin: string, collection: string, itemId: string) {
  await pluginCall(ada, "DELETE", fillPath(collectionPath(plugin, collection, "DELETE", true), { guildId, itemId }));
}

/** A valid body for the endpoint, or an error naming an endpoint this file does not know yet. */
function bodyFor(ep: PluginEndpoint): unknown {
  if (ep.plugin === "music") return musicBody(ep);
  if (ep.path.endsWith("/batch-create")) return { trophies: [samples["achievements/trophies"]] };
  if (ep.path.endsWith("/coin")) return { user_id: USER_IDS.ada, amount: 1 };
  if (ep.path.endsWith("/creator-channel")) return { name: "Matrix room" };
  if (ep.path === "/timers/:guildId/preview") return { message: "Hello {user} in {server.name}" };
  if (ep.path.endsWith("/embeds/:itemId/send")) return { channel_id: refs.channel };
  if (ep.path.endsWith("/send_advertisement")) return { channel_id: refs.channel, category: "gaming", title: "Matrix", text: "An advertisement." };
  if (ep.path.endsWith("/giveaways/:itemId/reroll")) return { winners: 1 };
  if (ep.path === "/welcome/welcome-card/:guildId/background" && ep.method === "PUT") return { background: "preset:ocean" };
  if (ep.plugin === "moderator" && ep.method === "PATCH" && ep.path.includes(":caseId")) return { pardoned: true };
  if (ep.plugin === "moderator" && ep.method === "PATCH" && ep.path.endsWith("/lockdown")) return { enabled: false };
  if (ep.plugin === "moderator" && ep.path.endsWith("/infractions") && ep.method === "POST") return { type: "note", user_id: USER_IDS.sam, reason: "matrix" };
  if (ep.plugin === "moderator" && ep.path.endsWith("/rules/dry-run")) return { messages: [{ content: "discord.gg/matrix" }] };
  if (ep.plugin === "automations" && ep.path.endsWith("/automations/dry-run")) return { automation: samples["automations/automations"], sample: { member_name: "matrix" } };
  if (ep.plugin === "emojis" && ep.method === "PATCH" && ep.path.includes(":emojiId")) return { name: "matrix_renamed" };
  if (ep.path === "/memberships/guilds/:guildId/plans" && ep.method === "POST") return membershipPlan();
  if (ep.method === "PATCH") return {};
  if (ep.method === "POST" && ep.collection && !ep.path.includes(":itemId")) return samples[`${ep.plugin}/${ep.collection}`];
  if (ep.body) throw new Error(`authorization-matrix: no valid body for ${ep.method} ${ep.path}; add one to bodyFor()`);
  return undefined;
}

/** A membership plan granting the fixture's role (sold on the guild's account at the Stripe fake). */
const membershipPlan = () => ({ name: "Matrix tier", price_cents: 500, period: "month", role_id: refs.role });

/** A plan of the manager's guild, for the routes on one plan; a made-up id for everyone else. */
async function membershipPlanIn(guildId: string, asManager: boolean): Promise<string> {
  if (!asManager) return randomUUID();
  const made = await json(await pluginCall(ada, "POST", `/memberships/guilds/${guildId}/plans`, { body: membershipPlan() }), 201);
  return (made.plan as { id: string }).id;
}

/** Draws need a started giveaway (an ended one to reroll) with more entrants than winners; no role is required of them. */
const GIVEAWAY_DRAW = /\/giveaways\/:itemId\/(end|reroll)$/;

async function readyGiveaway(ep: PluginEndpoint, guildId: string, itemId: string) {
  const at = (action: string) => `/giveaways/guilds/${guildId}/giveaways/${itemId}/${action}`;
  await json(await pluginCall(ada, "POST", at("start")), 200);
  const db = await getDb();
  const entrants = [...harness.emulator.state.guild(guildId)!.members.keys()].filter((id) => id !== EMULATOR_CLIENT_ID).slice(0, 3);
  for (const userId of entrants) await recordEntry(db, { guildId, id: itemId, required_role_ids: [], bonus_entries: [] }, { userId, roleIds: [] });
  if (ep.path.endsWith("/reroll")) await json(await pluginCall(ada, "POST", at("end")), 200);
}

const MUSIC_TRACK = watchUrl(musicVideo("Gymnopédie No. 1").id);

function musicBody(ep: PluginEndpoint): unknown {
  if (ep.path.endsWith("/tracks") || ep.path.endsWith("/play")) return { url: MUSIC_TRACK };
  if (ep.path.endsWith("/move")) return { index: 0 };
  if (ep.path.endsWith("/join")) return { channel_id: refs.voice };
  return undefined;
}

/**
 * What a music command needs to succeed for the manager: a track for :itemId, the bot in a
 * voice channel, a playing (pause) or paused (resume) player. Returns the track id.
 */
async function musicSetup(ep: PluginEndpoint, guildId: string): Promise<string> {
  const base = `/music/guilds/${guildId}`;
  const added = await json(await pluginCall(ada, "POST", `${base}/tracks`, { body: { url: MUSIC_TRACK } }), 201);
  await json(await pluginCall(ada, "POST", `${base}/join`, { body: { channel_id: refs.voice } }), 200);
  await json(await pluginCall(ada, "POST", `${base}/play`, { body: { index: 0 } }), 200);
  if (ep.path.endsWith("/resume")) await json(await pluginCall(ada, "POST", `${base}/pause`), 200);
  return added.added_id as string;
}

/** A ticket the bot reported in the guild (Ticketing turned on for it); its number. */
async function reportedTicket(guildId: string): Promise<number> {
  await json(await pluginCall(ada, "PATCH", `/ticketing/config/${guildId}`, { body: { enabled: true } }), 200);
  const db = await getDb();
  const channelId = freshSnowflake();
  const [result] = await ingestEvents(db, (await createBotKey(db, "matrix ticket bot", [])).botKey, [{ key: `matrix-${randomUUID()}`, type: "ticket_opened", guild_id: guildId, at: new Date().toISOString(), channel_id: channelId, panel_id: null, user_id: USER_IDS.ada, user_name: "Ada", answers: [] }]);
  if (result?.status !== "applied") throw new Error(`the matrix could not report a ticket: ${JSON.stringify(result)}`);
  const [row] = await db.select({ number: tickets.number }).from(tickets).where(and(eq(tickets.guildId, guildId), eq(tickets.channelId, channelId)));
  return row!.number;
}

/** A recording the bot reported in the guild; its id (the audio is not needed: links and deletes work without it). */
async function reportedRecording(guildId: string): Promise<string> {
  const db = await getDb();
  const id = randomUUID();
  const [result] = await ingestEvents(db, (await createBotKey(db, "matrix recording bot", [])).botKey, [
    { key: `matrix-${id}`, type: "recording_finished", guild_id: guildId, at: new Date().toISOString(), id, channel_id: refs.voice ?? refs.channel, started_at: new Date().toISOString(), duration_s: 60, size_bytes: 1000, participants: [USER_IDS.ada], storage_key: `recordings/${guildId}/${id}.mp3` },
  ]);
  if (result?.status !== "applied") throw new Error(`the matrix could not report a recording: ${JSON.stringify(result)}`);
  return id;
}

/** A valid query string for an endpoint that requires one. */
function queryFor(ep: PluginEndpoint): string {
  if (ep.plugin === "music" && ep.path.endsWith("/search")) return "q=satie";
  return "";
}

/** Plugin endpoints that take a multipart image instead of JSON. */
const MULTIPART_PLUGIN_PATHS = new Set(["POST /welcome/welcome-card/:guildId/background", "POST /levels/guilds/:guildId/rank-card/backgrounds", "POST /emojis/guilds/:guildId/serveremojis"]);

/**
 * The emoji endpoints act on the platform: the bot may manage expressions in the manager's guild,
 * and :emojiId is an emoji of its own (the fixture's are what other samples, reaction roles, refer to).
 */
function emojiSetup(guildId: string, asManager: boolean): string {
  if (!asManager) return "100000000000000001";
  grantBot(harness, guildId, PermissionFlagsBits.ManageGuildExpressions);
  const { state } = harness.emulator;
  const id = state.newId();
  state.guild(guildId)!.emojis.push({ id, name: "matrix_emoji", roles: [], user_id: null, require_colons: true, managed: false, animated: false, available: true });
  return id;
}

/** A webhook the bot made in the manager's guild, for the routes on one webhook; a made-up id for everyone else. */
async function webhookIn(guildId: string, asManager: boolean): Promise<string> {
  if (!asManager) return "100000000000000001";
  grantBot(harness, guildId, PermissionFlagsBits.ManageWebhooks);
  const made = await json(await call(webhooks.POST!, `/api/guilds/${guildId}/webhooks`, { method: "POST", jar: ada, params: { guildId }, body: { channel_id: refs.channel, name: "Matrix" } }), 201);
  return (made.webhook as { id: string }).id;
}

/** Endpoints on one of the guild's uploads rather than a collection item: the manager case uploads one first. */
const UPLOAD_ITEM_PATHS: Record<string, string[]> = { "DELETE /levels/guilds/:guildId/rank-card/backgrounds/:itemId": ["levels", "guilds", ":guildId", "rank-card", "backgrounds"] };

/** An image uploaded through the multipart endpoint at `segments`; its upload id. */
async function uploadedId(segments: string[]): Promise<string> {
  const form = imageForm(await sharp({ create: { width: 2, height: 2, channels: 3, background: "#6c3" } }).png().toBuffer());
  const body = await json(await callForm(pluginPost, `/api/plugins/${segments.join("/")}`, form, { jar: ada, params: { path: segments } }), 201);
  return (body.upload as { id: string }).id;
}

function pluginTarget(ep: PluginEndpoint): Target {
  return {
    label: `${ep.method} /api/plugins${ep.path}`,
    async prepare(guildId, asManager) {
      const emojiId = ep.plugin === "emojis" ? emojiSetup(guildId, asManager) : "";
      if (MULTIPART_PLUGIN_PATHS.has(`${ep.method} ${ep.path}`)) {
        const segments = fillPath(ep.path, { guildId }).split("/").filter(Boolean);
        const form = imageForm(await sharp({ create: { width: 2, height: 2, channels: 3, background: "#c36" } }).png().toBuffer(), ep.plugin === "emojis" ? { extra: { name: "matrix" } } : {});
        return { send: (jar) => callForm(pluginPost, `/api/plugins/${segments.join("/")}`, form, { jar, params: { path: segments } }) };
      }
      const body = bodyFor(ep);
      let itemId: string = randomUUID();
      if (asManager && ep.plugin === "music" && ep.method !== "GET") itemId = await musicSetup(ep, guildId);
      const batch = ep.path.endsWith("/batch-create") ? ["achievements", "trophies"] : ep.collection ? [ep.plugin, ep.collection] : null;
      const uploadAt = UPLOAD_ITEM_PATHS[`${ep.method} ${ep.path}`];
      if (asManager && uploadAt) itemId = await uploadedId(uploadAt.map((segment) => (segment === ":guildId" ? guildId : segment)));
      if (asManager && ep.collection && ep.path.includes(":itemId")) {
        const sample = samples[`${ep.plugin}/${ep.collection}`]!;
        const draw = GIVEAWAY_DRAW.test(ep.path);
        const created = await json(await pluginCall(ada, "POST", fillPath(collectionPath(ep.plugin, ep.collection, "POST", false), { guildId }), { body: draw ? { ...sample, required_role_ids: [] } : sample }), 201);
        itemId = created.id as string;
        if (draw) await readyGiveaway(ep, guildId, itemId);
      }
      // A member's rank card: the caller's own (`@me`), which only managers may fetch too; elsewhere a member's id.
      const userId = ep.path.includes("/rank-card/") ? "@me" : USER_IDS.ada;
      let caseId = "1";
      if (asManager && ep.plugin === "moderator") {
        // The bot moderates there (bans are read from the platform) and a case exists to read, edit or delete.
        grantBot(harness, guildId, PermissionFlagsBits.BanMembers | PermissionFlagsBits.KickMembers | PermissionFlagsBits.ModerateMembers);
        if (ep.path.includes(":caseId")) caseId = String(((await json(await pluginCall(ada, "POST", `/moderator/guilds/${guildId}/infractions`, { body: { type: "note", user_id: USER_IDS.sam } }), 201)).infraction as { id: number }).id);
      }
      // An advertisement costs credits: the manager's guild is given what one costs.
      if (asManager && ep.path.endsWith("/send_advertisement")) await (await getDb()).transaction((tx) => addCredits(tx, { guildId, amount: ADVERTISEMENT_COST, reason: "grant", actorId: USER_IDS.sam }));
      // The bot makes the temporary channels' creator channel where it may manage channels.
      if (asManager && ep.path.endsWith("/creator-channel")) grantBot(harness, guildId, PermissionFlagsBits.ManageChannels);
      // A ticket to read: the manager's case has the bot report one in this guild.
      const ticketNumber = asManager && ep.path.includes(":ticketNumber") ? String(await reportedTicket(guildId)) : "1";
      // A recording to link or delete: the manager's case has the bot report one in this guild.
      const recordingId = asManager && ep.path.includes(":recordingId") ? await reportedRecording(guildId) : randomUUID();
      if (ep.plugin === "memberships" && ep.path.includes(":itemId")) itemId = await membershipPlanIn(guildId, asManager);
      const query = ep.query ? `?${queryFor(ep)}` : "";
      const send = (jar: CookieJar | undefined) => pluginCall(jar, ep.method, `${fillPath(ep.path, { guildId, itemId, userId, caseId, ticketNumber, emojiId, recordingId })}${query}`, { body });
      if (!asManager || !batch) return { send };
      const [plugin, collection] = batch as [string, string];
      const cleanup = async (response: Response) => {
        const created = response.status === 201 ? ((await response.clone().json()) as { id?: string; items?: Array<{ id: string }> }) : {};
        const ids = created.items?.map((item) => item.id) ?? (created.id ? [created.id] : []);
        if (ep.path.includes(":itemId") && ep.method !== "DELETE") ids.push(itemId);
        for (const id of ids) await deleteItem(guildId, plugin, collection, id);
      };
      return { send, cleanup };
    },
  };
}

// ---- guild route files (every app/api route file whose path has [guildId]) ----

type RouteModule = Partial<Record<"GET" | "POST" | "PATCH" | "PUT" | "DELETE", Handler>>;
type RouteSpec = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  url: (guildId: string) => string;
  params?: Record<string, string>;
  body?: (guildId: string, asManager: boolean) => Promise<unknown> | unknown;
  /** What the manager's case needs first (a custom bot set up). */
  setup?: (guildId: string, asManager: boolean) => Promise<void>;
  /** A multipart body instead of JSON. */
  form?: () => Promise<FormData>;
  membersAllowed?: boolean;
  /** Any signed-in user, even a stranger to the guild: the answer is only the caller's own data. */
  signedInAllowed?: boolean;
  /** A route whose address names a record made for each case (a crypto checkout): the call to send, instead of url/params/body. */
  made?: (guildId: string, asManager: boolean) => Promise<{ url: string; params: Record<string, string>; body: unknown }>;
};

/** The manager's finalize finishes a real consent on the social fake; anyone else sends a made-up state. */
async function linkConsent(provider: string, routes: RouteModule, guildId: string, asManager: boolean) {
  if (!asManager) return { state: "not-a-state", code: "not-a-code" };
  const started = await call(routes.POST!, `/api/plugins/${provider}/oauth/${guildId}`, { method: "POST", jar: ada, params: { guildId } });
  const { url } = (await json(started, 200)) as { url: string };
  const back = new URL((await fetch(url, { method: "POST", body: new URLSearchParams({ decision: "allow" }), redirect: "manual" })).headers.get("location")!);
  return { state: back.searchParams.get("state"), code: back.searchParams.get("code") };
}

/** Linking the guild's Twitch, X or TikTok account (lib/account-links/routes.ts): check, start, unlink, finalize. */
const ACCOUNT_LINK_ROUTES = Object.fromEntries(
  (
    [
      ["twitch", twitchLink, twitchLinkFinalize],
      ["twitter", twitterLink, twitterLinkFinalize],
      ["tiktok", tiktokLink, tiktokLinkFinalize],
    ] as const
  ).flatMap(([provider, routes, finalize]) => [
    [`app/api/plugins/${provider}/oauth/[guildId]/route.ts`, { module: routes, specs: (["GET", "POST", "DELETE"] as const).map((method) => ({ method, url: (id: string) => `/api/plugins/${provider}/oauth/${id}` })) }],
    [
      `app/api/plugins/${provider}/oauth/[guildId]/finalize/route.ts`,
      { module: finalize, specs: [{ method: "POST" as const, url: (id: string) => `/api/plugins/${provider}/oauth/${id}/finalize`, body: (id: string, asManager: boolean) => linkConsent(provider, routes, id, asManager) }] },
    ],
  ]),
) as Record<string, { module: RouteModule; specs: RouteSpec[] }>;

const helperBot = APPLICATIONS.find((application) => application.id === APPLICATION_IDS.workshopHelper)!;

/**
 * The custom bot's routes act on a bot: the manager's case has the custom-bot add-on's buff (a
 * billing change since may have dropped it) and, unless `setUp` is false, the emulator's demo bot set up.
 */
async function customBotReady(guildId: string, asManager: boolean, setUp = true): Promise<void> {
  if (!asManager) return;
  const buffs = (await readBuffs(guildId)) ?? [];
  if (!buffs.includes("custom-bot")) await setBuffs(guildId, [...buffs, "custom-bot"]);
  const shown = (await json(await call(customBot.GET!, `/api/guilds/${guildId}/custom-bot`, { jar: ada, params: { guildId } }), 200)) as { bot: { status: string } | null };
  if (setUp && shown.bot?.status !== "active") await json(await call(enableCustomBot.POST!, `/api/guilds/${guildId}/enable-custom-bot`, { method: "POST", jar: ada, params: { guildId }, body: { bot_token: helperBot.token } }), 200);
}

const customBotRoute = (path: string, method: RouteSpec["method"], extra: Partial<RouteSpec> = {}): RouteSpec => ({ method, url: (id) => `/api/guilds/${id}/${path}`, setup: customBotReady, ...extra });
const PRESENCE = { presence_status: "online", presence_activity_type: "playing", presence_activity_name: "the matrix", presence_activity_url: null };

const GUILD_ROUTES: Record<string, { module: RouteModule; specs: RouteSpec[] }> = {
  ...ACCOUNT_LINK_ROUTES,
  "app/api/guilds/[guildId]/custom-bot/route.ts": { module: customBot, specs: [customBotRoute("custom-bot", "GET")] },
  // Sets the demo bot up again on every manager case: its own token, checked with the platform.
  "app/api/guilds/[guildId]/enable-custom-bot/route.ts": { module: enableCustomBot, specs: [customBotRoute("enable-custom-bot", "POST", { setup: (id, manager) => customBotReady(id, manager, false), body: () => ({ bot_token: helperBot.token }) })] },
  "app/api/guilds/[guildId]/update-custom-bot/route.ts": { module: updateCustomBot, specs: [customBotRoute("update-custom-bot", "POST", { body: () => ({ bot_token: helperBot.token }) })] },
  "app/api/guilds/[guildId]/disable-custom-bot/route.ts": { module: disableCustomBot, specs: [customBotRoute("disable-custom-bot", "POST")] },
  "app/api/guilds/[guildId]/acknowledge-custom-bot-block/route.ts": { module: customBotBlock, specs: [customBotRoute("acknowledge-custom-bot-block", "PATCH")] },
  "app/api/guilds/[guildId]/set-custom-bot-status/route.ts": { module: customBotStatus, specs: [customBotRoute("set-custom-bot-status", "PUT", { body: () => PRESENCE })] },
  "app/api/guilds/[guildId]/update-custom-bot-backstory/route.ts": { module: customBotBackstory, specs: [customBotRoute("update-custom-bot-backstory", "POST", { body: () => ({ enable: true, allowed_channels: [] }) })] },
  "app/api/guilds/[guildId]/backstory/route.ts": {
    module: backstory,
    specs: [customBotRoute("backstory", "GET"), customBotRoute("backstory", "PUT", { body: () => ({ enable: false, allowed_channels: [] }) })],
  },
  // One avatar change per manager case: the platform allows one per bot every ten minutes.
  "app/api/guilds/[guildId]/update-custom-bot-avatar/route.ts": {
    module: customBotAvatar,
    specs: [customBotRoute("update-custom-bot-avatar", "POST", { form: async () => imageForm(await sharp({ create: { width: 2, height: 2, channels: 3, background: "#c63" } }).png().toBuffer()) })],
  },
  "app/api/guilds/[guildId]/route.ts": {
    module: guildRoot,
    specs: [
      { method: "GET", url: (id) => `/api/guilds/${id}` },
      { method: "PATCH", url: (id) => `/api/guilds/${id}`, body: () => ({}) },
    ],
  },
  "app/api/guilds/[guildId]/audit-log/route.ts": { module: auditLog, specs: [{ method: "GET", url: (id) => `/api/guilds/${id}/audit-log` }] },
  "app/api/guilds/[guildId]/audit-log/[eventId]/revert/route.ts": { module: revert, specs: [{ method: "POST", url: (id) => `/api/guilds/${id}/audit-log/1/revert` }] },
  "app/api/guilds/[guildId]/emojis/route.ts": { module: emojis, specs: [{ method: "GET", url: (id) => `/api/guilds/${id}/emojis` }] },
  // Webhooks are the platform's: the bot may manage them in the manager's guild (webhookIn).
  "app/api/guilds/[guildId]/webhooks/route.ts": {
    module: webhooks,
    specs: [
      { method: "GET", url: (id) => `/api/guilds/${id}/webhooks` },
      { method: "POST", url: (id) => `/api/guilds/${id}/webhooks`, setup: async (id, manager) => void (manager && grantBot(harness, id, PermissionFlagsBits.ManageWebhooks)), body: () => ({ channel_id: refs.channel, name: "Matrix" }) },
    ],
  },
  "app/api/guilds/[guildId]/webhooks/[webhookId]/route.ts": {
    module: webhook,
    specs: [
      { method: "PATCH", url: (id) => `/api/guilds/${id}/webhooks/:webhookId`, body: () => ({ name: "Matrix renamed" }) },
      { method: "DELETE", url: (id) => `/api/guilds/${id}/webhooks/:webhookId` },
    ],
  },
  // The invite is the bot's (Create Invite in #general); a new role too (Ada owns the guild, the bot has Manage Roles).
  "app/api/guilds/[guildId]/invite/route.ts": { module: guildInvite, specs: [{ method: "GET", url: (id) => `/api/guilds/${id}/invite` }] },
  // The manager's case: the guild's collection is the local chain's test one and Ada's linked DEMO wallet holds token 1.
  "app/api/guilds/[guildId]/nft-avatar/route.ts": {
    module: nftAvatar,
    specs: (["GET", "POST", "DELETE"] as const).map((method) => ({
      method,
      url: (id: string) => `/api/guilds/${id}/nft-avatar`,
      ...(method === "POST" ? { body: () => ({ token_id: "1" }) } : {}),
      setup: async (id: string, asManager: boolean) => {
        if (!asManager) return;
        const db = await getDb();
        await db.insert(guildPlugins).values({ guildId: id, pluginId: "nft_avatars", enabled: true, config: { collection_address: evm.node.nftAddress, holder_role_id: null, recheck_hours: 24 } }).onConflictDoNothing();
        await db.insert(userWallets).values({ address: LOCAL_ACCOUNTS.demoWallet.toLowerCase(), userId: USER_IDS.ada, chainId: evm.node.chainId }).onConflictDoNothing();
      },
    })),
  },
  "app/api/guilds/[guildId]/onboarding_survey/route.ts": {
    module: onboardingSurvey,
    specs: [{ method: "POST", url: (id) => `/api/guilds/${id}/onboarding_survey`, body: () => ({ discord_usage: "community", is_business: false }) }],
  },
  "app/api/guilds/[guildId]/roles/route.ts": {
    module: guildRoles,
    specs: [{ method: "POST", url: (id) => `/api/guilds/${id}/roles`, setup: async (id, manager) => void (manager && grantBot(harness, id, PermissionFlagsBits.ManageRoles)), body: () => ({ name: "Matrix role" }) }],
  },
  "app/api/guilds/[guildId]/members/[memberId]/route.ts": { module: member, specs: [{ method: "GET", url: (id) => `/api/guilds/${id}/members/@me`, params: { memberId: "@me" } }] },
  "app/api/guilds/[guildId]/members/search/route.ts": { module: memberSearch, specs: [{ method: "GET", url: (id) => `/api/guilds/${id}/members/search?q=a` }] },
  "app/api/guilds/[guildId]/images/route.ts": {
    module: images,
    specs: [{ method: "POST", url: (id) => `/api/guilds/${id}/images`, form: async () => imageForm(await sharp({ create: { width: 2, height: 2, channels: 3, background: "#36c" } }).png().toBuffer()) }],
  },
  "app/api/guilds/[guildId]/refresh/route.ts": { module: refresh, specs: [{ method: "POST", url: (id) => `/api/guilds/${id}/refresh` }] },
  "app/api/guilds/[guildId]/enabled-plugins/route.ts": { module: enabledPlugins, specs: [{ method: "GET", url: (id) => `/api/guilds/${id}/enabled-plugins` }] },
  "app/api/guilds/[guildId]/settings-export/route.ts": { module: settingsExport, specs: [{ method: "GET", url: (id) => `/api/guilds/${id}/settings-export` }] },
  "app/api/guilds/[guildId]/settings-import/route.ts": {
    module: settingsImport,
    specs: [
      {
        method: "POST",
        url: (id) => `/api/guilds/${id}/settings-import`,
        body: async (id, asManager) => ({ file: asManager ? await (await call(settingsExport.GET!, `/api/guilds/${id}/settings-export`, { jar: ada, params: { guildId: id } })).json() : {}, apply: false }),
      },
    ],
  },
  "app/api/guilds/[guildId]/subscription/route.ts": { module: subscription, specs: [{ method: "GET", url: (id) => `/api/guilds/${id}/subscription` }] },
  // extend keeps the subscription able to extend again, so every manager case succeeds.
  "app/api/guilds/[guildId]/subscription/[action]/route.ts": { module: subscriptionAction, specs: [{ method: "POST", url: (id) => `/api/guilds/${id}/subscription/extend`, params: { action: "extend" } }] },
  "app/api/guilds/[guildId]/billing/session/route.ts": { module: billingSession, specs: [{ method: "GET", url: (id) => `/api/guilds/${id}/billing/session` }] },
  // A user's own list preferences: any member may set them, so only strangers get 403.
  "app/api/users/[userId]/guilds/[guildId]/settings/route.ts": {
    module: preferences,
    specs: [{ method: "PATCH", url: (id) => `/api/users/@me/guilds/${id}/settings`, params: { userId: "@me" }, body: () => ({ pinned: true }), membersAllowed: true }],
  },
  // A Chargebee hosted checkout for the guild (the Chargebee fake answers the manager's).
  "app/api/guilds/[guildId]/chargebee/checkout/route.ts": {
    module: chargebeeCheckout,
    // Pro: the guild under test already pays for Premium (beforeAll), which a second checkout may not buy again.
    specs: [{ method: "POST", url: (id) => `/api/guilds/${id}/chargebee/checkout`, body: () => ({ period_months: 1, plan: "pro" }) }],
  },
  // The public leaderboard's pinned row: the caller's own standing, whoever they are.
  "app/api/plugins/levels/guilds/[guildId]/leaderboard/me/route.ts": {
    module: myStanding,
    specs: [{ method: "GET", url: (id) => `/api/plugins/levels/guilds/${id}/leaderboard/me`, signedInAllowed: true }],
  },
};

function routeTarget(file: string, spec: RouteSpec, handler: Handler): Target {
  return {
    label: `${spec.method} ${file}`,
    membersAllowed: spec.membersAllowed,
    signedInAllowed: spec.signedInAllowed,
    async prepare(guildId, asManager) {
      let url = spec.url(guildId);
      if (asManager && file.includes("revert")) {
        // A change to revert, made just now (other rows, such as an account link, cannot be reverted).
        // The welcome card's switch: no other field depends on it, so the change and its revert both save.
        const current = (await json(await pluginCall(ada, "GET", `/welcome/config/${guildId}`), 200)) as { config: { card_enabled: boolean } };
        await json(await pluginCall(ada, "PATCH", `/welcome/config/${guildId}`, { body: { card_enabled: !current.config.card_enabled } }), 200);
        url = url.replace("/1/", `/${(await auditEvents(ada, guildId, 1))[0]!.id}/`);
      }
      await spec.setup?.(guildId, asManager);
      const eventId = /audit-log\/(\d+)\//.exec(url)?.[1];
      const webhookId = url.includes("/:webhookId") ? await webhookIn(guildId, asManager) : undefined;
      if (webhookId) url = url.replace(":webhookId", webhookId);
      const params = { guildId, ...spec.params, ...(eventId ? { eventId } : {}), ...(webhookId ? { webhookId } : {}) };
      const body = spec.body ? await spec.body(guildId, asManager) : undefined;
      const form = spec.form ? await spec.form() : undefined;
      if (form) return { send: (jar) => callForm(handler, url, form, { method: spec.method, jar, params }) };
      return { send: (jar) => call(handler, url, { method: spec.method, jar, params, body }) };
    },
  };
}

// ---- routes that name their guild in the query or body (spec 3's checkouts): they call requireGuildAccess themselves ----

/** A crypto checkout of `userId` for `guildId`, stored as the checkout route would (for callers the route itself refuses). */
async function storedCryptoCheckout(guildId: string, userId: string): Promise<string> {
  const id = randomUUID();
  await (await getDb())
    .insert(cryptoCheckouts)
    .values({ id, userId, guildId, plan: "pro", periodMonths: 1, chainId: evm.node.chainId, asset: "native", recipient: LOCAL_ACCOUNTS.merchant, payer: LOCAL_ACCOUNTS.demoWallet, amount: id.replace(/\D/g, ""), usdCents: 1, expiresAt: new Date(Date.now() + 60_000) });
  return id;
}

// The checkouts sell Pro: the guild under test already pays for Premium (beforeAll), which no checkout may sell it again.
const QUERY_GUILD_ROUTES: Record<string, { module: RouteModule; specs: RouteSpec[] }> = {
  // A tab identifies with the guild it shows: only its managers hear the guild's changes.
  "app/api/realtime/messages/route.ts": {
    module: realtimeMessages,
    specs: [{ method: "POST", url: () => "/api/realtime/messages", body: (id) => ({ op: 1, d: { stream_id: "matrixStreamId00000000", guild_id: id } }) }],
  },
  "app/api/stripe/plans/[planId]/checkout/route.ts": {
    module: stripeCheckoutRoute,
    specs: [{ method: "GET", url: (id) => `/api/stripe/plans/pro/checkout?guild_id=${id}&period=1`, params: { planId: "pro" } }],
  },
  "app/api/paypal/plans/[planId]/checkout/route.ts": {
    module: paypalCheckoutRoute,
    specs: [{ method: "GET", url: (id) => `/api/paypal/plans/pro/checkout?guild_id=${id}&period=1`, params: { planId: "pro" } }],
  },
  "app/api/paypal/finalize/route.ts": {
    module: paypalFinalize,
    // Ada bought it at PayPal for the guild under test: only a manager of that guild gets past the guild check.
    specs: [{ method: "POST", url: () => "/api/paypal/finalize", body: async (id) => ({ subscription_id: paypal.seed(`${id}:${USER_IDS.ada}`).id }) }],
  },
  "app/api/crypto/plan/[planId]/checkout/route.ts": {
    module: cryptoCheckout,
    specs: [
      { method: "GET", url: (id) => `/api/crypto/plan/pro/checkout?guild_id=${id}&period=1`, params: { planId: "pro" } },
      { method: "POST", url: () => "/api/crypto/plan/pro/checkout", params: { planId: "pro" }, body: (id) => ({ guild_id: id, period: 1, payer: LOCAL_ACCOUNTS.demoWallet }) },
    ],
  },
  "app/api/crypto/checkouts/[checkoutId]/payment/route.ts": {
    module: cryptoPayment,
    specs: [
      {
        method: "POST",
        url: () => "/api/crypto/checkouts/{checkout}/payment",
        // The manager opens a checkout for the guild, pays it for real on the local node and submits it; anyone
        // else submits a checkout of their own for a guild they do not manage, refused before the chain is read.
        made: async (id, asManager) => {
          let checkoutId: string;
          let txHash = `0x${"ab".repeat(32)}`;
          if (asManager) {
            const opened = await json(await call(cryptoCheckout.POST!, "/api/crypto/plan/pro/checkout", { method: "POST", jar: ada, params: { planId: "pro" }, body: { guild_id: id, period: 1, payer: LOCAL_ACCOUNTS.demoWallet } }), 201);
            checkoutId = opened.checkout_id as string;
            txHash = await evm.payToken(BigInt(opened.amount as string));
          } else {
            checkoutId = await storedCryptoCheckout(id, id === workshop ? USER_IDS.bjorn : USER_IDS.ada);
          }
          return { url: `/api/crypto/checkouts/${checkoutId}/payment`, params: { checkoutId }, body: { tx_hash: txHash, chain_id: evm.node.chainId } };
        },
      },
    ],
  },
};

function queryRouteTarget(file: string, spec: RouteSpec, handler: Handler): Target {
  return {
    label: `${spec.method} ${file}`,
    async prepare(guildId, asManager) {
      if (spec.made) {
        const made = await spec.made(guildId, asManager);
        return { send: (jar) => call(handler, made.url, { method: spec.method, jar, params: made.params, body: made.body }) };
      }
      const body = spec.body ? await spec.body(guildId, asManager) : undefined;
      return { send: (jar) => call(handler, spec.url(guildId), { method: spec.method, jar, params: spec.params, body }) };
    },
  };
}

const TARGETS: Target[] = [
  ...PLUGIN_ENDPOINTS.map(pluginTarget),
  ...Object.entries(GUILD_ROUTES).flatMap(([file, { module, specs }]) => specs.map((spec) => routeTarget(file, spec, module[spec.method]!))),
  ...Object.entries(QUERY_GUILD_ROUTES).flatMap(([file, { module, specs }]) => specs.map((spec) => queryRouteTarget(file, spec, module[spec.method]!))),
];

const CASES = [
  { name: "anonymous → 401", jar: () => undefined, guild: () => GUILD_IDS.workshop, status: 401, code: "unauthorized" },
  { name: "Ada, plain member of lofi → 403", jar: () => ada, guild: () => GUILD_IDS.lofi, status: 403, member: true },
  { name: "Ada, not in synthwave → 403 without guild data", jar: () => ada, guild: () => GUILD_IDS.synthwave, status: 403 },
  { name: "bjorn (manages synthwave) on (a copy of) workshop → 403", jar: () => bjorn, guild: () => workshop, status: 403, member: true },
  { name: "Ada, owner of (a copy of) workshop → 2xx", jar: () => ada, guild: () => workshop, status: 200, manager: true },
] as const;

describe.each(TARGETS.map((target) => [target.label, target] as const))("%s", (_label, target) => {
  it.each(CASES.map((entry) => [entry.name, entry] as const))("%s", async (_name, entry) => {
    const manager = "manager" in entry;
    const prepared = await target.prepare(entry.guild(), manager);
    const response = await prepared.send(entry.jar());
    // Images (the welcome card preview, the rank card), event streams (the music player's) and CSV files (case exports) are not JSON; their callers are checked by status alone.
    const type = response.headers.get("content-type") ?? "";
    const streamed = type.startsWith("image/") || type.startsWith("text/event-stream") || type.startsWith("text/csv");
    if (type.startsWith("text/event-stream")) await response.body?.cancel();
    const body = streamed ? null : await readBody(response.clone());
    await prepared.cleanup?.(response);
    if (manager || (target.membersAllowed && "member" in entry) || (target.signedInAllowed && entry.jar() !== undefined)) {
      expect(response.status >= 200 && response.status < 300 ? "2xx" : { status: response.status, body }).toBe("2xx");
      return;
    }
    expect({ status: response.status, body }).toMatchObject({ status: entry.status });
    expect(isEnvelope(body, entry.status)).toBe(true);
    expect(Object.keys(body as object).sort()).toEqual(["code", "error", "message", "status_code"]);
    expect(Object.keys((body as { error: object }).error)).toEqual(["message"]);
    expect((body as { code: string }).code).toBe("code" in entry ? entry.code : "guild_forbidden");
    expect(JSON.stringify(body)).not.toMatch(/Synthwave|Workshop|Lo-fi/i);
  });
});

// ---- routes naming their guilds in the body (transfers between two guilds the caller manages) ----

/** Each moves the plan of its name: the manager case pays for one on the origin first. */
const TWO_GUILD_ROUTES: Record<string, { module: RouteModule; plan: "premium" | "web3" }> = {
  "app/api/guilds/transfer-premium/route.ts": { module: transferPremium, plan: "premium" },
  "app/api/guilds/transfer-web3/route.ts": { module: transferWeb3, plan: "web3" },
};

/** A plan paid in crypto for `guildId` by Ada: the provider nobody calls, so the transfer is the app's alone. */
async function paidPlan(guildId: string, plan: "premium" | "web3") {
  const db = await getDb();
  await db.transaction((tx) =>
    applyProviderSubscription(tx, { provider: "crypto", externalId: `1:0x${randomUUID().replaceAll("-", "")}`, customerId: null, guildId, userId: USER_IDS.ada, plan, periodMonths: 1, status: "active", currentPeriodEnd: new Date(Date.now() + 86_400_000), cancelAtPeriodEnd: false, paymentMethod: null, withCustomBot: false }),
  );
}

const TWO_GUILD_CASES = [
  { name: "anonymous → 401", jar: () => undefined, origin: () => workshop, target: () => GUILD_IDS.lofi, status: 401, code: "unauthorized" },
  { name: "Ada, from (a copy of) workshop to lofi where she is a plain member → 403", jar: () => ada, origin: () => workshop, target: () => GUILD_IDS.lofi, status: 403, field: "target_guild_id" },
  { name: "Ada, from lofi where she is a plain member → 403", jar: () => ada, origin: () => GUILD_IDS.lofi, target: () => workshop, status: 403, field: "origin_guild_id" },
  { name: "Ada, to synthwave she is not in → 403 without guild data", jar: () => ada, origin: () => workshop, target: () => GUILD_IDS.synthwave, status: 403, field: "target_guild_id" },
  { name: "bjorn (manages synthwave), from (a copy of) workshop → 403", jar: () => bjorn, origin: () => workshop, target: () => GUILD_IDS.synthwave, status: 403, field: "origin_guild_id" },
  { name: "Ada, between two guilds she owns → 2xx", jar: () => ada, origin: () => "", target: () => "", status: 200, manager: true },
] as const;

describe.each(Object.entries(TWO_GUILD_ROUTES))("POST %s", (_file, { module, plan }) => {
  it.each(TWO_GUILD_CASES.map((entry) => [entry.name, entry] as const))("%s", async (_name, entry) => {
    let [origin, target] = [entry.origin(), entry.target()];
    if ("manager" in entry) {
      [origin, target] = [addScratchGuild(harness, "workshop"), addScratchGuild(harness, "workshop")];
      await paidPlan(origin, plan);
    }
    const response = await call(module.POST!, `/api/guilds/transfer-${plan}`, { method: "POST", jar: entry.jar(), body: { origin_guild_id: origin, target_guild_id: target } });
    const body = await readBody(response);
    if ("manager" in entry) {
      expect(response.status >= 200 && response.status < 300 ? "2xx" : { status: response.status, body }).toBe("2xx");
      return;
    }
    expect({ status: response.status, body }).toMatchObject({ status: entry.status });
    expect(isEnvelope(body, entry.status)).toBe(true);
    expect((body as { code: string }).code).toBe("code" in entry ? entry.code : "guild_forbidden");
    if ("field" in entry) expect((body as { fields: Array<{ path: string }> }).fields.map((field) => field.path)).toEqual([entry.field]);
    expect(JSON.stringify(body)).not.toMatch(/Synthwave|Workshop|Lo-fi/i);
  });
});

// ---- the bot API (/api/bot/v1): a bot key opens it, never a session; no one creates a key through the app ----

type BotRouteSpec = { method: "GET" | "POST"; url: (guildId: string) => string; params?: (guildId: string) => Record<string, string>; body?: (guildId: string) => unknown; setup?: (guildId: string) => Promise<void> };

const BOT_ROUTES: Record<string, { module: RouteModule; specs: BotRouteSpec[] }> = {
  "app/api/bot/v1/guilds/[guildId]/config/route.ts": { module: botConfig, specs: [{ method: "GET", url: (id) => `/api/bot/v1/guilds/${id}/config`, params: (id) => ({ guildId: id }) }] },
  "app/api/bot/v1/changes/route.ts": { module: botChanges, specs: [{ method: "GET", url: () => "/api/bot/v1/changes?after=0&limit=1" }] },
  // The valid key has the custom_bot_tokens scope; the guild has its custom bot set up.
  "app/api/bot/v1/guilds/[guildId]/custom-bot/route.ts": {
    module: botCustomBot,
    specs: [{ method: "GET", url: (id) => `/api/bot/v1/guilds/${id}/custom-bot`, params: (id) => ({ guildId: id }), setup: (id) => customBotReady(id, true) }],
  },
  "app/api/bot/v1/events/route.ts": {
    module: botEventsRoute,
    specs: [{ method: "POST", url: () => "/api/bot/v1/events", body: (id) => ({ events: [{ key: `matrix-${randomUUID()}`, type: "member_join", guild_id: id, user_id: USER_IDS.ada, at: new Date().toISOString() }] }) }],
  },
};

/** Open to anyone: the API's description holds no data. */
const PUBLIC_BOT_ROUTES: Record<string, RouteModule> = { "app/api/bot/v1/openapi.json/route.ts": botOpenApi };

describe("the bot API", () => {
  let keys: { valid: string; revoked: string };
  beforeAll(async () => {
    const db = await getDb();
    const [valid, revoked] = [await createBotKey(db, "matrix bot", ["custom_bot_tokens"]), await createBotKey(db, "matrix bot, revoked", ["custom_bot_tokens"])];
    await revokeBotKey(db, revoked.botKey.id);
    keys = { valid: valid.key, revoked: revoked.key };
  });

  const BOT_CASES = [
    { name: "anonymous, no key → 401", jar: () => undefined, key: () => undefined },
    { name: "Ada, owner of (a copy of) workshop, signed in without a key → 401", jar: () => ada, key: () => undefined },
    { name: "bjorn, signed in without a key → 401", jar: () => bjorn, key: () => undefined },
    { name: "an unknown key → 401", jar: () => undefined, key: () => `ghbot_0123456789ab_${"x".repeat(43)}` },
    { name: "a revoked key → 401", jar: () => undefined, key: () => keys.revoked },
    { name: "Ada signed in, with a revoked key → 401", jar: () => ada, key: () => keys.revoked },
    { name: "a key in use → 2xx", jar: () => undefined, key: () => keys.valid, allowed: true },
  ] as const;

  const targets = Object.entries(BOT_ROUTES).flatMap(([file, { module, specs }]) => specs.map((spec) => [`${spec.method} ${file}`, module[spec.method]!, spec] as const));

  describe.each(targets)("%s", (_label, handler, spec) => {
    it.each(BOT_CASES.map((entry) => [entry.name, entry] as const))("%s", async (_name, entry) => {
      const key = entry.key();
      await spec.setup?.(workshop);
      const response = await call(handler, spec.url(workshop), { method: spec.method, jar: entry.jar(), params: spec.params?.(workshop), body: spec.body?.(workshop), headers: key ? { authorization: `Bot ${key}` } : undefined });
      const body = await readBody(response);
      if ("allowed" in entry) {
        expect(response.status >= 200 && response.status < 300 ? "2xx" : { status: response.status, body }).toBe("2xx");
        return;
      }
      expect({ status: response.status, code: (body as { code?: string }).code, envelope: isEnvelope(body, 401) }).toEqual({ status: 401, code: "bot_unauthorized", envelope: true });
      expect(JSON.stringify(body)).not.toMatch(/Synthwave|Workshop|Lo-fi/i);
    });
  });

  it("serves its description to anyone", async () => {
    for (const jar of [undefined, ada]) expect((await call(botOpenApi.GET, "/api/bot/v1/openapi.json", { jar })).status).toBe(200);
  });

  it("has no route that creates or revokes a bot key: only the operator's command does (scripts/bot-key.ts)", () => {
    const root = process.cwd();
    const sources = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sources(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name).split(path.sep).join("/")] : [],
      );
    const writers = [...sources("app"), ...sources("lib"), ...sources("components")].filter((file) => /\b(createBotKey|revokeBotKey|botKeys)\b/.test(readFileSync(path.join(root, file), "utf8")));
    expect(writers.sort()).toEqual(["lib/bot-contract/keys.ts", "lib/db/schema.ts"]);
  });
});

// ---- the signed-in user's own purchases (/api/users/{id}/…): only themselves, as @me or their id ----

describe("POST app/api/users/[userId]/buy-rank-card/route.ts", () => {
  const buy = (jar: CookieJar | undefined, userId: string) => call(buyRankCard.POST!, `/api/users/${userId}/buy-rank-card`, { method: "POST", jar, params: { userId }, body: { return_path: "/en" } });

  it("anonymous → 401", async () => {
    expect(await readBody(await buy(undefined, "@me"))).toMatchObject({ status_code: 401, code: "unauthorized" });
  });

  it("Ada, for bjorn → 403", async () => {
    expect(await readBody(await buy(ada, USER_IDS.bjorn))).toMatchObject({ status_code: 403, code: "forbidden" });
  });

  it("Ada, for herself as @me or by id → reaches the purchase (its answers: a checkout, already owned, or no provider configured)", async () => {
    for (const userId of ["@me", USER_IDS.ada]) {
      const response = await buy(ada, userId);
      const body = (await readBody(response.clone())) as { code?: string };
      expect(response.status === 200 || ["already_owned", "billing_unavailable"].includes(body.code ?? "") ? "reached" : { status: response.status, body }).toBe("reached");
    }
  });
});

describe("POST app/api/users/[userId]/buy-rank-card/finalize/route.ts", () => {
  const settle = (jar: CookieJar | undefined, userId: string) =>
    call(finalizeRankCard.POST!, `/api/users/${userId}/buy-rank-card/finalize`, { method: "POST", jar, params: { userId }, body: { checkout: "cs_test_nobody0000" } });

  it("anonymous → 401", async () => {
    expect(await readBody(await settle(undefined, "@me"))).toMatchObject({ status_code: 401, code: "unauthorized" });
  });

  it("Ada, for bjorn → 403", async () => {
    expect(await readBody(await settle(ada, USER_IDS.bjorn))).toMatchObject({ status_code: 403, code: "forbidden" });
  });

  it("Ada, for herself as @me or by id → reaches the provider (a checkout nobody opened: not found)", async () => {
    for (const userId of ["@me", USER_IDS.ada]) expect(await readBody(await settle(ada, userId))).toMatchObject({ status_code: 404, code: "purchase_checkout_not_found" });
  });
});

// ---- a member's own memberships (/api/memberships/…): a member of the guild, on their own membership ----

describe("app/api/memberships/subscriptions (member routes)", () => {
  /** A plan sold in synthwave (where Ada is not a member) and a membership of bjorn's there, straight in the database. */
  async function synthwavePlan() {
    const db = await getDb();
    const planId = randomUUID();
    const membershipId = randomUUID();
    await db.insert(membershipAccounts).values({ guildId: GUILD_IDS.synthwave, stripeAccountId: "acct_matrix" }).onConflictDoNothing();
    await db.insert(membershipPlans).values({ id: planId, guildId: GUILD_IDS.synthwave, name: "Matrix", priceCents: 500, currency: "usd", period: "month", roleId: refs.role, stripePriceId: "price_matrix" });
    await db.insert(memberships).values({ id: membershipId, guildId: GUILD_IDS.synthwave, userId: USER_IDS.bjorn, planId, roleId: refs.role, stripeAccountId: "acct_matrix", stripeSubscriptionId: `sub_${membershipId}`, customerId: "cus_matrix", status: "active", currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    return { planId, membershipId };
  }
  const checkout = (jar: CookieJar | undefined, planId: string) => call(membershipCheckout.POST, "/api/memberships/subscriptions", { method: "POST", jar, body: { guild_id: GUILD_IDS.synthwave, plan_id: planId } });
  const change = (jar: CookieJar | undefined, membershipId: string, planId: string) => call(membershipChange.PATCH, `/api/memberships/subscriptions/${membershipId}`, { method: "PATCH", jar, params: { membershipId }, body: { plan_id: planId } });

  it("anonymous → 401", async () => {
    const { planId, membershipId } = await synthwavePlan();
    expect(await readBody(await checkout(undefined, planId))).toMatchObject({ status_code: 401, code: "unauthorized" });
    expect(await readBody(await change(undefined, membershipId, planId))).toMatchObject({ status_code: 401, code: "unauthorized" });
  });

  it("Ada, not in synthwave → 403 on its checkout; on bjorn's membership → 404", async () => {
    const { planId, membershipId } = await synthwavePlan();
    expect(await readBody(await checkout(ada, planId))).toMatchObject({ status_code: 403, code: "membership_not_member" });
    expect(await readBody(await change(ada, membershipId, planId))).toMatchObject({ status_code: 404, code: "membership_not_found" });
  });
});

describe("GET app/api/users/[userId]/rank-card/route.ts", () => {
  const read = (jar: CookieJar | undefined, userId: string) => call(rankCardOwnership.GET, `/api/users/${userId}/rank-card`, { jar, params: { userId } });

  it("anonymous → 401", async () => {
    expect(await readBody(await read(undefined, "@me"))).toMatchObject({ status_code: 401, code: "unauthorized" });
  });

  it("Ada, for bjorn → 403", async () => {
    expect(await readBody(await read(ada, USER_IDS.bjorn))).toMatchObject({ status_code: 403, code: "forbidden" });
  });

  it("Ada, for herself as @me or by id → whether she owns it", async () => {
    for (const userId of ["@me", USER_IDS.ada]) {
      const response = await read(ada, userId);
      expect({ status: response.status, owned: typeof ((await readBody(response)) as { owned?: unknown }).owned }).toEqual({ status: 200, owned: "boolean" });
    }
  });
});

// ---- the signed-in user's wallets, crypto payments and NFT coupons (/api/crypto/users/{id}/…): only themselves ----

const WALLET_ROUTES = [
  { file: "app/api/crypto/users/[userId]/nonce/route.ts", method: "POST", handler: walletNonce.POST, leaf: "nonce", reached: [201] },
  { file: "app/api/crypto/users/[userId]/wallets/route.ts", method: "GET", handler: walletList.GET, leaf: "wallets", reached: [200] },
  // A message that is no SIWE message: refused by the link itself, past the user check.
  { file: "app/api/crypto/users/[userId]/wallets/route.ts", method: "POST", handler: walletList.POST, leaf: "wallets", body: { message: "not a SIWE message", signature: "0x00" }, reached: [400], code: "siwe_invalid_message" },
  { file: "app/api/crypto/users/[userId]/wallets/[address]/route.ts", method: "DELETE", handler: walletOne.DELETE, leaf: `wallets/${LOCAL_ACCOUNTS.stranger}`, address: LOCAL_ACCOUNTS.stranger, reached: [404], code: "wallet_not_found" },
  { file: "app/api/crypto/users/[userId]/transactions/route.ts", method: "GET", handler: cryptoTransactions.GET, leaf: "transactions", reached: [200] },
  { file: "app/api/crypto/users/[userId]/nft-coupons/route.ts", method: "POST", handler: nftCouponsRoute.POST, leaf: "nft-coupons", body: { coupon_code: "MATRIX-NONE" }, reached: [404], code: "nft_coupon_unknown" },
] as const;

describe.each(WALLET_ROUTES.map((route) => [`${route.method} ${route.file}`, route] as const))("%s", (_label, route) => {
  const send = (jar: CookieJar | undefined, userId: string) =>
    call(route.handler, `/api/crypto/users/${userId}/${route.leaf}`, {
      method: route.method,
      jar,
      params: { userId, ...("address" in route ? { address: route.address } : {}) },
      ...("body" in route ? { body: route.body } : {}),
    });

  it("anonymous → 401", async () => {
    expect(await readBody(await send(undefined, "@me"))).toMatchObject({ status_code: 401, code: "unauthorized" });
  });

  it("Ada, for bjorn → 403", async () => {
    expect(await readBody(await send(ada, USER_IDS.bjorn))).toMatchObject({ status_code: 403, code: "forbidden" });
  });

  it("Ada, for herself as @me or by id → reaches her own wallets", async () => {
    for (const userId of ["@me", USER_IDS.ada]) {
      const response = await send(ada, userId);
      const body = (await readBody(response.clone())) as { code?: string };
      expect({ status: response.status, code: "code" in route ? body.code : undefined }).toEqual({ status: route.reached[0], code: "code" in route ? route.code : undefined });
    }
  });
});

it("lists every route file of the user's wallets, and every method it exports", () => {
  const root = process.cwd();
  const files = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : entry.name === "route.ts" ? [path.join(dir, entry.name).split(path.sep).join("/")] : []));
  expect(files("app/api/crypto/users").sort()).toEqual([...new Set(WALLET_ROUTES.map((route) => route.file))].sort());
  const modules = { nonce: walletNonce, wallets: walletList, address: walletOne, transactions: cryptoTransactions, coupons: nftCouponsRoute };
  const exported = Object.values(modules).flatMap((module) => Object.keys(module).filter((name) => /^(GET|POST|PATCH|PUT|DELETE)$/.test(name)));
  expect(exported.length).toBe(WALLET_ROUTES.length);
});

describe.each([
  ["app/api/users/[userId]/billing/session/route.ts", userBillingSession, "session"],
  ["app/api/users/[userId]/billing/update-payment-methods/route.ts", updatePaymentMethods, "update-payment-methods"],
] as const)("GET %s", (_file, module, leaf) => {
  const open = (jar: CookieJar | undefined, userId: string) => call(module.GET, `/api/users/${userId}/billing/${leaf}`, { jar, params: { userId } });

  it("anonymous → 401", async () => {
    expect(await readBody(await open(undefined, "@me"))).toMatchObject({ status_code: 401, code: "unauthorized" });
  });

  it("Ada, for bjorn → 403", async () => {
    expect(await readBody(await open(ada, USER_IDS.bjorn))).toMatchObject({ status_code: 403, code: "forbidden" });
  });

  it("Ada, for herself as @me or by id → her portal (she bought Premium by card above, and through PayPal in the finalize case)", async () => {
    const portal = (url: string | undefined) => Boolean(url?.startsWith(`${stripe.url}/p/session/`) || url === `${paypal.url}/myaccount/autopay/`);
    for (const userId of ["@me", USER_IDS.ada]) {
      const response = await open(ada, userId);
      expect({ status: response.status, url: portal(((await readBody(response)) as { url?: string }).url) }).toEqual({ status: 200, url: true });
    }
  });
});

// ---- the feature-flag frontend API (/api/e): open to anyone; a guild in its context only for that guild's manager ----

/** GET with the context in the query, POST with it in the body (spec 7). */
const FLAG_ROUTES: Record<string, { module: RouteModule; specs: RouteSpec[] }> = {
  "app/api/e/route.ts": {
    module: flagsRoute,
    specs: [
      { method: "GET", url: (id) => `/api/e?properties%5BguildId%5D=${id}` },
      { method: "POST", url: () => "/api/e", body: (id) => ({ context: { properties: { guildId: id } } }) },
    ],
  },
};

describe.each(Object.entries(FLAG_ROUTES).flatMap(([file, { module, specs }]) => specs.map((spec) => [`${spec.method} ${file}`, module[spec.method]!, spec] as const)))("%s", (_label, handler, spec) => {
  const send = async (jar: CookieJar | undefined, guildId: string | null) => {
    const url = guildId === null ? "/api/e" : spec.url(guildId);
    const body = spec.method === "POST" ? (guildId === null ? { context: {} } : await spec.body!(guildId, false)) : undefined;
    return call(handler, url, { method: spec.method, jar, body });
  };

  it("anyone, signed in or not, without a guild → 200", async () => {
    for (const jar of [undefined, ada, bjorn]) expect((await send(jar, null)).status).toBe(200);
  });

  it.each(CASES.map((entry) => [entry.name, entry] as const))("with a guild: %s", async (_name, entry) => {
    const response = await send(entry.jar(), entry.guild());
    const body = await readBody(response);
    if ("manager" in entry) {
      expect({ status: response.status, toggles: Array.isArray((body as { toggles?: unknown }).toggles) }).toEqual({ status: 200, toggles: true });
      return;
    }
    expect({ status: response.status, envelope: isEnvelope(body, entry.status), code: (body as { code: string }).code }).toEqual({ status: entry.status, envelope: true, code: "code" in entry ? entry.code : "guild_forbidden" });
    expect(JSON.stringify(body)).not.toMatch(/Synthwave|Workshop|Lo-fi/i);
  });
});

describe("POST app/api/e/client/metrics/route.ts", () => {
  it("takes the browser flag client's metrics from anyone (they name no guild and no user) → 202", async () => {
    const body = { bucket: { start: new Date().toISOString(), stop: new Date().toISOString(), toggles: { automod_dry_run: { yes: 1, no: 0, variants: {} } } }, appName: "guildhall", instanceId: "browser" };
    for (const jar of [undefined, ada, bjorn]) expect((await call(flagMetrics.POST, "/api/e/client/metrics", { method: "POST", jar, body })).status).toBe(202);
  });
});

// ---- the signed-in user's own notifications and realtime channel: never anyone else's ----

const NOTIFICATION_ROUTES: Record<string, { module: RouteModule; specs: Array<{ method: "GET" | "POST"; url: string; params?: () => Record<string, string> }> }> = {
  "app/api/notifications/route.ts": { module: notificationList, specs: [{ method: "GET", url: "/api/notifications?limit=5" }] },
  "app/api/notifications/[notificationId]/read/route.ts": { module: notificationRead, specs: [{ method: "POST", url: "/api/notifications/{id}/read", params: () => ({ notificationId: String(adasNotification) }) }] },
  "app/api/notifications/read-all/route.ts": { module: notificationsReadAll, specs: [{ method: "POST", url: "/api/notifications/read-all" }] },
  "app/api/notifications/seen-all/route.ts": { module: notificationsSeenAll, specs: [{ method: "POST", url: "/api/notifications/seen-all" }] },
  "app/api/notifications/unread-count/route.ts": { module: notificationCount, specs: [{ method: "GET", url: "/api/notifications/unread-count" }] },
  "app/api/plugin-alerts/route.ts": { module: pluginAlertsRoute, specs: [{ method: "GET", url: "/api/plugin-alerts?limit=5" }] },
  "app/api/realtime/route.ts": { module: realtimeStream, specs: [{ method: "GET", url: "/api/realtime" }] },
};
/** A notification of Ada's about (her copy of) workshop, which bjorn must neither list, count nor mark. */
let adasNotification: number;

describe.each(Object.entries(NOTIFICATION_ROUTES).flatMap(([file, { module, specs }]) => specs.map((spec) => [`${spec.method} ${file}`, module[spec.method]!, spec] as const)))("%s", (_label, handler, spec) => {
  beforeAll(async () => {
    if (adasNotification) return;
    const db = await getDb();
    await addNotifications(db, [{ userId: USER_IDS.ada, kind: "custom_bot_blocked", guildId: workshop, params: { matrix: "1" } }]);
    adasNotification = (await (await call(notificationList.GET!, "/api/notifications?limit=1", { jar: ada })).json()).notifications[0].id;
  });
  const send = (jar: CookieJar | undefined) => call(handler, spec.url.replace("{id}", String(adasNotification)), { method: spec.method, jar, params: spec.params?.() });

  it("anonymous → 401", async () => {
    const response = await send(undefined);
    const body = await readBody(response);
    expect({ status: response.status, envelope: isEnvelope(body, 401), code: (body as { code: string }).code }).toEqual({ status: 401, envelope: true, code: "unauthorized" });
  });

  it("bjorn → only his own: nothing of Ada's (her notification is 404 to him)", async () => {
    const response = await send(bjorn);
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
      await response.body?.cancel();
      expect(response.status).toBe(200);
      return;
    }
    const body = await readBody(response);
    if (spec.params) expect({ status: response.status, code: (body as { code: string }).code }).toEqual({ status: 404, code: "notification_not_found" });
    else expect(response.status).toBe(200);
    expect(JSON.stringify(body)).not.toMatch(/Workshop|"matrix"/);
  });

  it("Ada → 2xx on her own", async () => {
    const response = await send(ada);
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) await response.body?.cancel();
    expect(response.status).toBe(200);
  });
});

// ---- the analytics proxy (/api/mpp, /api/t): anyone's uploads, names no guild; the same answer for everyone ----

const ANALYTICS_ROUTES = { "app/api/mpp/route.ts": analyticsProxy, "app/api/t/route.ts": analyticsForm } as const;

describe.each(Object.entries(ANALYTICS_ROUTES))("POST %s", (file, routeModule) => {
  const send = (jar: CookieJar | undefined) => {
    const sender = jar ?? new CookieJar();
    sender.cookies.set("gh_analytics", "analytics");
    const url = `/${file.split("/").slice(1, 3).join("/")}`;
    const events = [{ event_type: "page_viewed", device_id: "7c1e7bd8-1f4a-4d0b-9a5e-0c4b7f3e2a11" }];
    return file.endsWith("mpp/route.ts")
      ? call(routeModule.POST, url, { method: "POST", jar: sender, body: { api_key: "k", events } })
      : call(routeModule.POST, url, { method: "POST", jar: sender, rawBody: new URLSearchParams({ client: "k", e: JSON.stringify(events), v: "2", upload_time: "1", checksum: "0".repeat(32) }).toString(), contentType: "application/x-www-form-urlencoded" });
  };

  it("answers anyone, signed in or not, alike (here: no Amplitude key configured, or a wrong checksum), and never with guild data", async () => {
    const answers = await Promise.all([undefined, ada, bjorn].map(async (jar) => readBody(await send(jar))));
    expect(new Set(answers.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(answers[0]).toMatchObject({ status_code: file.endsWith("mpp/route.ts") ? 503 : 400 });
    expect(JSON.stringify(answers)).not.toMatch(/Synthwave|Workshop|Lo-fi/i);
  });
});

// ---- the staff tools (/api/staff): staff only; everyone else, signed in or not, is told nothing is there ----

const STAFF_ROUTES: Record<string, { module: RouteModule; specs: Array<{ method: "GET" | "POST"; url: () => string; params: () => Record<string, string>; body?: unknown }> }> = {
  "app/api/staff/guilds/[id]/route.ts": { module: staffGuild, specs: [{ method: "GET", url: () => `/api/staff/guilds/${workshop}`, params: () => ({ id: workshop }) }] },
  "app/api/staff/guilds/[id]/credits/route.ts": { module: staffGrant, specs: [{ method: "POST", url: () => `/api/staff/guilds/${workshop}/credits`, params: () => ({ id: workshop }), body: { amount: 1, reason: "Authorization matrix" } }] },
  "app/api/staff/users/[userId]/route.ts": { module: staffUser, specs: [{ method: "GET", url: () => `/api/staff/users/${USER_IDS.ada}`, params: () => ({ userId: USER_IDS.ada }) }] },
};

describe.each(Object.entries(STAFF_ROUTES).flatMap(([file, { module, specs }]) => specs.map((spec) => [`${spec.method} ${file}`, module[spec.method]!, spec] as const)))("%s", (_label, handler, spec) => {
  let sam: CookieJar;
  beforeAll(async () => {
    sam = await signedInJar(harness, USER_IDS.sam);
  });
  const send = (jar: CookieJar | undefined) => call(handler, spec.url(), { method: spec.method, jar, params: spec.params(), body: spec.body });

  it.each([
    ["anonymous", () => undefined],
    ["Ada, owner of (a copy of) workshop, not staff", () => ada],
    ["bjorn, not staff", () => bjorn],
  ])("%s → 404 not_found, without guild data", async (_name, jar) => {
    const response = await send(jar());
    const body = await readBody(response);
    expect({ status: response.status, envelope: isEnvelope(body, 404), code: (body as { code: string }).code }).toEqual({ status: 404, envelope: true, code: "not_found" });
    expect(JSON.stringify(body)).not.toMatch(/Synthwave|Workshop|Lo-fi/i);
  });

  it("Sam (staff) → 2xx", async () => {
    // The guild lookup needs something Guildhall knows of the guild: the grant's spec, or earlier cases, made it.
    if (spec.method === "GET" && spec.url().includes("/guilds/")) await (await getDb()).transaction((tx) => addCredits(tx, { guildId: workshop, amount: 1, reason: "grant", actorId: USER_IDS.sam }));
    expect((await send(sam)).status).toBe(200);
  });
});

describe("coverage of the matrix", () => {
  const root = process.cwd();
  const routeFiles = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? routeFiles(path.join(dir, entry.name)) : entry.name === "route.ts" ? [path.join(dir, entry.name).split(path.sep).join("/")] : [],
    );

  it("lists every route file with [guildId] in its path, and every method it exports", () => {
    const files = routeFiles("app/api").filter((file) => !file.startsWith("app/api/bot/"));
    expect(files.filter((file) => file.includes("[guildId]")).sort()).toEqual(Object.keys(GUILD_ROUTES).sort());
    for (const [file, { module, specs }] of Object.entries(GUILD_ROUTES)) {
      const exported = Object.keys(module).filter((name) => /^(GET|POST|PATCH|PUT|DELETE|HEAD|OPTIONS)$/.test(name));
      expect({ file, methods: exported.sort() }).toEqual({ file, methods: specs.map((spec) => spec.method).sort() });
    }
  });

  it("lists every route file of the bot API, and every method it exports", () => {
    expect(routeFiles("app/api/bot").sort()).toEqual([...Object.keys(BOT_ROUTES), ...Object.keys(PUBLIC_BOT_ROUTES)].sort());
    for (const [file, { module, specs }] of Object.entries(BOT_ROUTES)) {
      const exported = Object.keys(module).filter((name) => /^(GET|POST|PATCH|PUT|DELETE|HEAD|OPTIONS)$/.test(name));
      expect({ file, methods: exported.sort() }).toEqual({ file, methods: specs.map((spec) => spec.method).sort() });
    }
  });

  it("lists every route file of the flag API, and every method it exports", () => {
    expect(routeFiles("app/api/e").sort()).toEqual([...Object.keys(FLAG_ROUTES), "app/api/e/client/metrics/route.ts"].sort());
    for (const [file, { module, specs }] of Object.entries(FLAG_ROUTES)) {
      const exported = Object.keys(module).filter((name) => /^(GET|POST|PATCH|PUT|DELETE|HEAD|OPTIONS)$/.test(name));
      expect({ file, methods: exported.sort() }).toEqual({ file, methods: specs.map((spec) => spec.method).sort() });
    }
  });

  it("lists every route file of the notifications and the realtime channel", () => {
    const files = [...routeFiles("app/api/notifications"), ...routeFiles("app/api/plugin-alerts"), ...routeFiles("app/api/realtime")].filter((file) => !(file in QUERY_GUILD_ROUTES));
    expect(files.sort()).toEqual(Object.keys(NOTIFICATION_ROUTES).sort());
    for (const [file, { module, specs }] of Object.entries(NOTIFICATION_ROUTES)) {
      const exported = Object.keys(module).filter((name) => /^(GET|POST|PATCH|PUT|DELETE|HEAD|OPTIONS)$/.test(name));
      expect({ file, methods: exported.sort() }).toEqual({ file, methods: specs.map((spec) => spec.method).sort() });
    }
  });

  it("lists every route file of the staff tools, and every method it exports", () => {
    expect(routeFiles("app/api/staff").sort()).toEqual(Object.keys(STAFF_ROUTES).sort());
    for (const [file, { module, specs }] of Object.entries(STAFF_ROUTES)) {
      const exported = Object.keys(module).filter((name) => /^(GET|POST|PATCH|PUT|DELETE|HEAD|OPTIONS)$/.test(name));
      expect({ file, methods: exported.sort() }).toEqual({ file, methods: specs.map((spec) => spec.method).sort() });
    }
  });

  it("lists every route file of the analytics proxy, and every method it exports", () => {
    expect([...routeFiles("app/api/mpp"), ...routeFiles("app/api/t")].sort()).toEqual(Object.keys(ANALYTICS_ROUTES).sort());
    for (const routeModule of Object.values(ANALYTICS_ROUTES)) expect(Object.keys(routeModule).filter((name) => /^(GET|POST|PATCH|PUT|DELETE|HEAD|OPTIONS)$/.test(name))).toEqual(["POST"]);
  });

  it("lists every route under app/api/guilds named for no guild (the guilds are in its body)", () => {
    // The bot-add link and the public vanity lookup name no guild of the caller's.
    const named = routeFiles("app/api/guilds").filter((file) => !file.includes("[guildId]") && file !== "app/api/guilds/oauth/route.ts" && file !== "app/api/guilds/vanity/[code]/route.ts");
    expect(named.sort()).toEqual(Object.keys(TWO_GUILD_ROUTES).sort());
  });

  it("lists every route file that checks a guild named in its query or body, and every method it exports", () => {
    const checking = routeFiles("app/api").filter((file) => !(file in GUILD_ROUTES) && /requireGuildAccess\(/.test(readFileSync(path.join(root, file), "utf8")));
    expect(checking.sort()).toEqual(Object.keys(QUERY_GUILD_ROUTES).sort());
    for (const [file, { module, specs }] of Object.entries(QUERY_GUILD_ROUTES)) {
      const exported = Object.keys(module).filter((name) => /^(GET|POST|PATCH|PUT|DELETE|HEAD|OPTIONS)$/.test(name));
      expect({ file, methods: exported.sort() }).toEqual({ file, methods: specs.map((spec) => spec.method).sort() });
    }
  });

  it("finds no guild pipeline outside the listed files and the plugin catch-all", () => {
    const users = routeFiles("app/api").filter((file) => /guildRoute\(|runGuildEndpoint\(/.test(readFileSync(path.join(root, file), "utf8")));
    expect(users.filter((file) => !(file in GUILD_ROUTES) && file !== "app/api/plugins/[...path]/route.ts")).toEqual([]);
  });

  it("covers every plugin endpoint, each scoped to a guild", () => {
    expect(PLUGIN_ENDPOINTS.length).toBeGreaterThan(100);
    for (const ep of PLUGIN_ENDPOINTS) expect(ep.path).toMatch(/\/:guildId(\/|$)/);
    expect(new Set(PLUGIN_ENDPOINTS.map((ep) => `${ep.method} ${ep.path}`)).size).toBe(PLUGIN_ENDPOINTS.length);
  });

  it("reaches every plugin endpoint through its own path (no endpoint shadows another)", () => {
    const shadowed = PLUGIN_ENDPOINTS.filter((ep) => {
      const match = findEndpoint(ep.method, fillPath(ep.path, { guildId: GUILD_IDS.workshop, itemId: randomUUID(), userId: USER_IDS.ada, caseId: "1", ticketNumber: "1", emojiId: "100000000000000001", recordingId: randomUUID() }).split("/").filter(Boolean));
      return match.kind !== "found" || match.endpoint !== ep;
    });
    expect(shadowed.map((ep) => `${ep.method} ${ep.path}`)).toEqual([]);
  });
});
