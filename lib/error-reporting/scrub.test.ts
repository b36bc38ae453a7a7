import { scrubEvent, scrubText } from "./scrub";

// Realistic events as the Node and browser SDKs build them, with the secrets a request carries.
const SESSION = "Fe26.2**3c1e0b2f9a8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d*Zm9vYmFy*~2";
const BOT_TOKEN = "MTIxNTk2MjI4NDAzMjEzMTA3Mg.GhDemo.workshop-helper-demo-token_0123456789";

const serverEvent = {
  event_id: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  environment: "staging",
  exception: { values: [{ type: "PlatformError", value: `Discord answered 500 for Bot ${BOT_TOKEN} (ada@example.com)`, stacktrace: { frames: [{ filename: "lib/platform/rest.ts", vars: { token: BOT_TOKEN, email: "ada@example.com", guildId: "1180000000000000001" } }] } }] },
  request: {
    url: "https://staging.guildhall.app/api/guilds/1180000000000000001/members/search?q=ad&access_token=abc123secret",
    method: "GET",
    cookies: { "__Host-gh_session": SESSION },
    headers: { cookie: `__Host-gh_session=${SESSION}; XSRF-TOKEN=abc`, authorization: `Bearer ${BOT_TOKEN}`, "x-xsrf-token": "abc", "user-agent": "Mozilla/5.0", "x-request-id": "req-1" },
    data: { bot_token: BOT_TOKEN },
  },
  user: { id: "a1b2c3", email: "ada@example.com", ip_address: "203.0.113.9", username: "ada.lovelace" },
  breadcrumbs: [{ category: "fetch", data: { url: "/api/finalize-login?code=oauthcode123&state=xyz" }, message: "sk_live_51Habcdef0123456789" }],
  tags: { route: "GET /api/guilds/[guildId]/members/search", guild_id: "1180000000000000001" },
};

describe("scrubEvent", () => {
  const scrubbed = scrubEvent(serverEvent);
  const text = JSON.stringify(scrubbed);

  it.each([SESSION, BOT_TOKEN, "ada@example.com", "abc123secret", "oauthcode123", "sk_live_51Habcdef0123456789", "203.0.113.9", "ada.lovelace"])("leaves no %s", (secret) => {
    expect(text).not.toContain(secret);
  });

  it("drops cookies, auth headers and bodies whole, keeps what locates the failure", () => {
    expect(scrubbed.request).toEqual({
      url: "https://staging.guildhall.app/api/guilds/1180000000000000001/members/search?q=ad&access_token=[removed]",
      method: "GET",
      headers: { "user-agent": "Mozilla/5.0", "x-request-id": "req-1" },
    });
    expect(scrubbed.user).toEqual({ id: "a1b2c3" });
    expect(scrubbed.tags).toEqual(serverEvent.tags);
    expect(scrubbed.exception.values[0]!.value).toBe("Discord answered 500 for Bot [token] ([email])");
    expect(scrubbed.exception.values[0]!.stacktrace.frames[0]!.vars).toEqual({ guildId: "1180000000000000001" });
  });

  it("masks tokens and addresses in free text", () => {
    expect(scrubText(`token ${BOT_TOKEN} for bjorn@example.org`)).toBe("token [token] for [email]");
  });
});
