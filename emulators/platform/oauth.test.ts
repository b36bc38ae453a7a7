/** @jest-environment node */
import { DEMO_USER_ID } from "./credentials";
import { USER_IDS } from "./data/ids";
import { type PlatformEmulator } from "./server";
import { REDIRECT_URI, authorizeUrl, autoAuthorize, bearer, emulatorForThisFile, exchange, getJson, postToken, signIn, sleep, type TokenBody } from "./test-helpers";

let emulator: PlatformEmulator;
let api: string;

emulatorForThisFile((started) => {
  emulator = started;
  api = `${started.url}/api/v10`;
});

describe("authorization code flow", () => {
  it("redirects with a code and the state, and the code buys tokens that work", async () => {
    const state = "a b+c/ä?&=";
    const { status, location } = await autoAuthorize(emulator.url, { state });
    expect(status).toBe(302);
    expect(location?.origin + location!.pathname).toBe(REDIRECT_URI);
    expect(location?.searchParams.get("state")).toBe(state);
    const code = location?.searchParams.get("code");
    expect(code).toEqual(expect.any(String));

    const response = await exchange(emulator.url, code!);
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as TokenBody;
    expect(tokens).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 604800,
      refresh_token: expect.any(String),
      scope: "identify guilds guilds.members.read email",
    });

    const me = await getJson<Record<string, unknown>>(`${api}/users/@me`, bearer(tokens.access_token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: DEMO_USER_ID, username: "ada.lovelace", global_name: "Ada", discriminator: "0", bot: false, email: "ada@example.com" });
  });

  it("refuses a replayed code", async () => {
    const { location } = await autoAuthorize(emulator.url);
    const code = location!.searchParams.get("code")!;
    expect((await exchange(emulator.url, code)).status).toBe(200);
    const replay = await exchange(emulator.url, code);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: "invalid_grant", error_description: 'Invalid "code" in request.' });
  });

  it("refuses a code expired after ten minutes", async () => {
    const { location } = await autoAuthorize(emulator.url);
    const realNow = emulator.state.now;
    emulator.state.now = () => Date.now() + 10 * 60 * 1000 + 1;
    try {
      const response = await exchange(emulator.url, location!.searchParams.get("code")!);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "invalid_grant" });
    } finally {
      emulator.state.now = realNow;
    }
  });

  it("requires the same redirect_uri as the authorize request", async () => {
    const { location } = await autoAuthorize(emulator.url);
    const response = await exchange(emulator.url, location!.searchParams.get("code")!, "http://localhost:3000/elsewhere");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("rejects wrong client credentials and accepts HTTP Basic", async () => {
    const { location } = await autoAuthorize(emulator.url);
    const code = location!.searchParams.get("code")!;
    const wrong = await postToken(emulator.url, { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, client_id: "1100000000000000001", client_secret: "nope" }, false);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "invalid_client" });

    const basic = await fetch(`${api}/oauth2/token`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Basic ${Buffer.from("1100000000000000001:emulator-client-secret").toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI }),
    });
    expect(basic.status).toBe(200);
  });

  it("reports unsupported grant types", async () => {
    const response = await postToken(emulator.url, { grant_type: "password" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "unsupported_grant_type" });
  });
});

describe("refresh and expiry", () => {
  it("rotates refresh tokens: the new pair works, the old refresh token does not", async () => {
    const first = await signIn(emulator.url);
    const refreshed = await postToken(emulator.url, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as TokenBody;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe(first.scope);
    expect((await getJson(`${api}/users/@me`, bearer(second.access_token))).status).toBe(200);

    const reuse = await postToken(emulator.url, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("expires access tokens after the configured TTL", async () => {
    emulator.setAccessTokenTtl(1);
    const tokens = await signIn(emulator.url);
    expect(tokens.expires_in).toBe(1);
    expect((await getJson(`${api}/users/@me`, bearer(tokens.access_token))).status).toBe(200);
    await sleep(1100);
    const expired = await getJson(`${api}/users/@me`, bearer(tokens.access_token));
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: "401: Unauthorized", code: 0 });
  });

  it("revokes the whole grant", async () => {
    const tokens = await signIn(emulator.url);
    const response = await fetch(`${api}/oauth2/token/revoke`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "1100000000000000001", client_secret: "emulator-client-secret", token: tokens.access_token }),
    });
    expect(response.status).toBe(200);
    expect((await getJson(`${api}/users/@me`, bearer(tokens.access_token))).status).toBe(401);
    const refresh = await postToken(emulator.url, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refresh.status).toBe(400);
  });

  it("keeps issued tokens across reset() unless asked", async () => {
    const tokens = await signIn(emulator.url);
    emulator.reset();
    expect((await getJson(`${api}/users/@me`, bearer(tokens.access_token))).status).toBe(200);
    emulator.reset({ tokens: true });
    expect((await getJson(`${api}/users/@me`, bearer(tokens.access_token))).status).toBe(401);
  });
});

describe("authorize page", () => {
  it("renders the consent screen with one radio per demo user and the scopes", async () => {
    const response = await fetch(authorizeUrl(emulator.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("<title>Authorize Guildhall</title>");
    for (const label of ["Ada (ada.lovelace)", "Bjørn (bjorn)", "Chen Wei (chen.wei)", "Dani (dani)", "Emre (emre)", "Sam (Staff) (staff.sam)"]) {
      expect(html).toContain(label);
    }
    expect(html.match(/type="radio"/g)).toHaveLength(6);
    expect(html).toContain("Know what servers you&#39;re in");
    expect(html).toMatch(/<button[^>]*>Authorize<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(html).not.toContain("Add to server");
    // Ada is the default choice.
    expect(html).toMatch(new RegExp(`value="${DEMO_USER_ID}" checked`));
  });

  it("answers 400 pages for an unknown client or a missing redirect_uri", async () => {
    const unknown = await fetch(authorizeUrl(emulator.url, { client_id: "123" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown Application");
    const url = new URL(authorizeUrl(emulator.url));
    url.searchParams.delete("redirect_uri");
    const missing = await fetch(url);
    expect(missing.status).toBe(400);
    expect(missing.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("posts the form, remembers the chosen user in a cookie and preselects it", async () => {
    const form = new URLSearchParams({
      client_id: "1100000000000000001", redirect_uri: REDIRECT_URI, response_type: "code", scope: "identify", state: "xyz",
      user: USER_IDS.chen, action: "authorize",
    });
    const response = await fetch(`${emulator.url}/oauth2/authorize`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^emu_user=${USER_IDS.chen};`));
    const location = new URL(response.headers.get("location")!);
    const tokens = (await (await exchange(emulator.url, location.searchParams.get("code")!)).json()) as TokenBody;
    const me = await getJson<{ id: string }>(`${api}/users/@me`, bearer(tokens.access_token));
    expect(me.body.id).toBe(USER_IDS.chen);

    const again = await fetch(authorizeUrl(emulator.url), { headers: { Cookie: cookie.split(";")[0]! } });
    expect(await again.text()).toMatch(new RegExp(`value="${USER_IDS.chen}" checked`));
  });

  it("skips the page for prompt=none once the remembered user has consented", async () => {
    const auto = await fetch(authorizeUrl(emulator.url, { emulator_user: DEMO_USER_ID, emulator_auto: "1", scope: "identify guilds" }), { redirect: "manual" });
    const cookie = (auto.headers.get("set-cookie") ?? "").split(";")[0]!;
    await exchange(emulator.url, new URL(auto.headers.get("location")!).searchParams.get("code")!);

    const silent = await fetch(authorizeUrl(emulator.url, { scope: "identify guilds", prompt: "none" }), { headers: { Cookie: cookie }, redirect: "manual" });
    expect(silent.status).toBe(302);
    expect(new URL(silent.headers.get("location")!).searchParams.get("code")).toEqual(expect.any(String));
    // More scopes than were granted: ask again.
    const wider = await fetch(authorizeUrl(emulator.url, { scope: "identify guilds email", prompt: "none" }), { headers: { Cookie: cookie }, redirect: "manual" });
    expect(wider.status).toBe(200);
  });

  it("redirects with access_denied on Cancel", async () => {
    const response = await fetch(`${emulator.url}/oauth2/authorize`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "1100000000000000001", redirect_uri: REDIRECT_URI, scope: "identify", state: "s 1", action: "cancel" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_description")).toEqual(expect.any(String));
    expect(location.searchParams.get("state")).toBe("s 1");
    expect(location.searchParams.has("code")).toBe(false);
  });
});

describe("scopes", () => {
  it("needs the guilds scope for the guild list and email for the address", async () => {
    const tokens = await signIn(emulator.url, DEMO_USER_ID, "identify");
    const me = await getJson<Record<string, unknown>>(`${api}/users/@me`, bearer(tokens.access_token));
    expect(me.status).toBe(200);
    expect(me.body).not.toHaveProperty("email");
    const guilds = await getJson(`${api}/users/@me/guilds`, bearer(tokens.access_token));
    expect(guilds.status).toBe(401);
  });
});
