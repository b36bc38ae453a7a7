/** @jest-environment node */
// The analytics proxy (/api/mpp, /api/t) and the sign-in events, end to end: the real routes,
// the platform emulator and the Amplitude fake.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { POST as finalize } from "@/app/api/finalize-login/route";
import { GET as login } from "@/app/api/login/route";
import { POST as mpp } from "@/app/api/mpp/route";
import { POST as track } from "@/app/api/t/route";
import { USERS } from "@/emulators/platform/data/users";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { FAKE_AMPLITUDE_KEY, type AmplitudeEvent } from "@/emulators/amplitude/server";
import { CONSENT_COOKIE } from "@/lib/analytics/consent";
import { isNewAccount, loginProperties } from "@/lib/analytics/login-events";
import { flushServerAnalytics } from "@/lib/analytics/server-events";
import { getDb } from "@/lib/db/client";
import { cryptoCheckouts } from "@/lib/db/schema";
import { SESSION_ID_HEADER } from "@/lib/http/xsrf-names";
import { PLATFORM_EPOCH_MS } from "@/lib/platform/snowflake";
import { findUser } from "@/lib/users/queries";
import { startAmplitudeHarness, type AmplitudeHarness } from "@/test/amplitude-harness";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, CookieJar } from "@/test/route-client";
import { signedInJar } from "@/test/sign-in";
import { withEnv } from "@/test/set-env";
import { readBody } from "@/test/api";
import { recordedSession, sessionCookieHeader } from "@/test/session-record";
import { waitFor } from "@/test/wait-for";
import { middleware } from "@/middleware";

let fake: AmplitudeHarness;
let platform: EmulatorHarness;

beforeAll(async () => {
  [fake, platform] = await Promise.all([startAmplitudeHarness(), startEmulatorHarness()]);
});
afterAll(async () => {
  await Promise.all([fake.stop(), platform.stop()]);
});
beforeEach(() => void (fake.uploads.length = 0));

const consenting = (choice = "analytics") => {
  const jar = new CookieJar();
  jar.cookies.set(CONSENT_COOKIE, choice);
  return jar;
};
const upload = (events: AmplitudeEvent[]) => ({ api_key: "browser-placeholder", events, client_upload_time: new Date().toISOString() });
const pageView = (fields: Partial<AmplitudeEvent> = {}) => ({ event_type: "page_viewed", device_id: "7c1e7bd8-1f4a-4d0b-9a5e-0c4b7f3e2a11", event_properties: { page_name: "premium" }, ...fields });
const sent = () => fake.uploads.flatMap((item) => item.body.events ?? []);

describe("POST /api/mpp", () => {
  it("passes an upload on with the server's key, the user's analytics id and the browser's session id", async () => {
    const jar = await signedInJar(platform);
    jar.cookies.set(CONSENT_COOKIE, "analytics");
    fake.uploads.length = 0;
    const response = await call(mpp, "/api/mpp", { method: "POST", jar, body: upload([pageView({ user_id: "someone-else-entirely" })]), headers: { [SESSION_ID_HEADER]: "123456789" } });
    expect({ status: response.status, body: await readBody(response) }).toMatchObject({ status: 200, body: { code: 200, events_ingested: 1 } });
    const ada = await findUser(await getDb(), USER_IDS.ada);
    expect(fake.uploads.map((item) => item.body.api_key)).toEqual([FAKE_AMPLITUDE_KEY]);
    expect(sent()).toEqual([expect.objectContaining({ user_id: ada!.analyticsId, event_properties: { page_name: "premium", app_session_id: 123456789 } })]);
  });

  it("sends nothing without the visitor's consent, or when analytics is not configured", async () => {
    for (const jar of [new CookieJar(), consenting("none")]) expect(await readBody(await call(mpp, "/api/mpp", { method: "POST", jar, body: upload([pageView()]) }))).toMatchObject({ status_code: 403, code: "analytics_consent_missing" });
    await withEnv({ AMPLITUDE_API_KEY: undefined }, async () => {
      expect(await readBody(await call(mpp, "/api/mpp", { method: "POST", jar: consenting(), body: upload([pageView()]) }))).toMatchObject({ status_code: 503, code: "analytics_unavailable" });
    });
    expect(fake.uploads).toEqual([]);
  });

  it("refuses device ids with a dot by index, as Amplitude words it, and forwards nothing", async () => {
    const response = await call(mpp, "/api/mpp", { method: "POST", jar: consenting(), body: upload([pageView(), pageView({ device_id: "1700000000.42" })]) });
    expect({ status: response.status, body: await readBody(response) }).toMatchObject({ status: 400, body: { code: 400, events_with_invalid_fields: { device_id: [1] } } });
    expect(fake.uploads).toEqual([]);
  });

  it("answers with Amplitude's 413 and 429 as they came, for the SDK's rules", async () => {
    fake.setMaxEventsPerRequest(1);
    const large = await call(mpp, "/api/mpp", { method: "POST", jar: consenting(), body: upload([pageView(), pageView()]) });
    expect({ status: large.status, body: await readBody(large) }).toMatchObject({ status: 413, body: { code: 413 } });
    fake.setMaxEventsPerRequest(2000);
    fake.force({ status: 429, throttledEvents: [0] });
    const limited = await call(mpp, "/api/mpp", { method: "POST", jar: consenting(), body: upload([pageView()]) });
    expect({ status: limited.status, body: await readBody(limited) }).toMatchObject({ status: 429, body: { code: 429, throttled_events: [0] } });
  });

  it("refuses a malformed upload in the envelope, a cross-site one by its Origin", async () => {
    expect(await readBody(await call(mpp, "/api/mpp", { method: "POST", jar: consenting(), body: { api_key: "k", events: [{ device_id: "abcdef" }] } }))).toMatchObject({ status_code: 400, code: "validation_failed" });
    expect(await readBody(await call(mpp, "/api/mpp", { method: "POST", jar: consenting(), body: upload([pageView()]), origin: "https://elsewhere.example" }))).toMatchObject({ status_code: 403, code: "origin_invalid" });
    // No anti-forgery header needed: the SDK's transport cannot add one.
    expect((await call(mpp, "/api/mpp", { method: "POST", jar: consenting(), body: upload([pageView()]), noXsrf: true })).status).toBe(200);
  });
});

describe("POST /api/t (the form upload)", () => {
  const form = (events: AmplitudeEvent[], checksum?: string) => {
    const fields = { client: "browser-placeholder", e: JSON.stringify(events), v: "2", upload_time: String(Date.now()) };
    const md5 = createHash("md5").update(`${fields.v}${fields.client}${fields.e}${fields.upload_time}`).digest("hex");
    return new URLSearchParams({ ...fields, checksum: checksum ?? md5 }).toString();
  };

  it("answers `success` once Amplitude took the events", async () => {
    const response = await call(track, "/api/t", { method: "POST", jar: consenting(), rawBody: form([pageView()]), contentType: "application/x-www-form-urlencoded" });
    expect({ status: response.status, text: await response.text() }).toEqual({ status: 200, text: "success" });
    expect(sent()).toHaveLength(1);
  });

  it("refuses a wrong checksum", async () => {
    const response = await call(track, "/api/t", { method: "POST", jar: consenting(), rawBody: form([pageView()], "0".repeat(32)), contentType: "application/x-www-form-urlencoded" });
    expect(await readBody(response)).toMatchObject({ status_code: 400, code: "analytics_checksum_mismatch" });
    expect(fake.uploads).toEqual([]);
  });
});

describe("sign-in events (spec 4)", () => {
  const events = async () => {
    await flushServerAnalytics();
    return sent();
  };

  it("login_success with spec 4's properties and the identify, with the email only when allowed", async () => {
    const jar = consenting("analytics");
    await signedInJarWith(jar);
    const db = await getDb();
    const ada = (await findUser(db, USER_IDS.ada))!;
    // On a database other files share, Ada may have paid with a wallet already (a crypto checkout).
    const paidWithWallet = (await db.select({ id: cryptoCheckouts.id }).from(cryptoCheckouts).where(eq(cryptoCheckouts.userId, USER_IDS.ada)).limit(1)).length > 0;
    const [identify, login] = await events();
    expect(identify).toMatchObject({ event_type: "$identify", user_id: ada.analyticsId, user_properties: { $set: { id: USER_IDS.ada, username: "ada.lovelace", avatar: USERS[0]!.avatar, has_crypto_wallet: paidWithWallet } } });
    expect(JSON.stringify(identify)).not.toContain("ada@example.com");
    expect(login).toMatchObject({ event_type: "login_success", user_id: ada.analyticsId, event_properties: { user_id: USER_IDS.ada, customer_id: ada.customerId, user_logged: true, user_country: "GB", mee6_life_time: 0 } });
    expect((login!.event_properties as { discord_life_time: number }).discord_life_time).toBeGreaterThan(365);

    fake.uploads.length = 0;
    await signedInJarWith(consenting("analytics_email"));
    expect((await events())[0]).toMatchObject({ user_properties: { $set: { email: "ada@example.com" } } });
  });

  it("nothing without consent", async () => {
    await signedInJarWith(new CookieJar());
    expect(await events()).toEqual([]);
  });

  it("account_created when the platform account is at most 20 s old", async () => {
    const id = ((BigInt(Date.now() - PLATFORM_EPOCH_MS) << 22n) + 1n).toString();
    platform.emulator.state.world.users.set(id, { ...USERS[1]!, id, username: "newcomer", email: "newcomer@example.com" });
    await signedInJarWith(consenting(), id);
    expect((await events()).map((event) => event.event_type)).toEqual(["$identify", "account_created", "login_success"]);
  });

  it("auto_login_success when middleware carries a returning visitor's session on", async () => {
    const tokens = await platform.signIn();
    const session = await recordedSession({ userId: USER_IDS.ada, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: Date.now() + 60_000, scope: tokens.scope, createdAt: Date.now() });
    const cookie = `${await sessionCookieHeader(session)}; ${CONSENT_COOKIE}=analytics`;
    await middleware(new NextRequest("http://localhost:3000/en/dashboard", { headers: { cookie, [SESSION_ID_HEADER]: "42" } }));
    await waitFor(async () => (await events()).some((event) => event.event_type === "auto_login_success"), 20_000, "auto_login_success");
    expect(sent().find((event) => event.event_type === "auto_login_success")).toMatchObject({ event_properties: { user_id: USER_IDS.ada, user_logged: true, app_session_id: 42 } });
  });

  it("the pure parts: the 20 s threshold and the life times in days", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const madeAt = (ms: number) => (BigInt(ms - PLATFORM_EPOCH_MS) << 22n).toString();
    expect(isNewAccount(madeAt(now.getTime() - 20_000), now)).toBe(true);
    expect(isNewAccount(madeAt(now.getTime() - 20_001), now)).toBe(false);
    const user = { id: madeAt(now.getTime() - 10 * 86_400_000), customerId: "cus_1", locale: "pt-BR", firstLoginAt: new Date(now.getTime() - 3 * 86_400_000 - 1) } as Parameters<typeof loginProperties>[0];
    expect(loginProperties(user, now)).toEqual({ user_id: user.id, customer_id: "cus_1", user_logged: true, user_country: "BR", mee6_life_time: 3, discord_life_time: 10 });
  });

  /** The real sign-in routes with this jar's cookies (the consent choice among them). */
  async function signedInJarWith(jar: CookieJar, userId?: string) {
    const start = await call(login, "/api/login?locale=en", { jar });
    const callback = await platform.autoAuthorize(start.headers.get("location")!, userId);
    const response = await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code: callback.searchParams.get("code"), state: callback.searchParams.get("state") } });
    expect(response.status).toBe(200);
  }
});
