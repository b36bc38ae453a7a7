import { EnvError, parseEnv } from "./env";

const base = { DISCORD_CLIENT_ID: "1100000000000000001", DISCORD_CLIENT_SECRET: "s", DISCORD_BOT_TOKEN: "b" };

describe("parseEnv", () => {
  it("fills defaults", () => {
    const env = parseEnv(base);
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DISCORD_REDIRECT_URI).toBe("http://localhost:3000/auth/callback");
    expect(env.secureCookies).toBe(false);
  });

  it("takes an optional redis:// or rediss:// REDIS_URL and names a bad one", () => {
    expect(parseEnv(base).REDIS_URL).toBeUndefined();
    expect(parseEnv({ ...base, REDIS_URL: "" }).REDIS_URL).toBeUndefined();
    expect(parseEnv({ ...base, REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(parseEnv({ ...base, REDIS_URL: "rediss://user:secret@cache.example:6380/2" }).REDIS_URL).toBe("rediss://user:secret@cache.example:6380/2");
    expect(() => parseEnv({ ...base, REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
  });

  it("turns on secure cookies over https", () => {
    expect(parseEnv({ ...base, APP_URL: "https://guildhall.example/" }).secureCookies).toBe(true);
  });

  it("names every missing or bad variable", () => {
    expect(() => parseEnv({ NODE_ENV: "production", PORT: "abc", SESSION_SECRET: "short" })).toThrow(EnvError);
    try {
      parseEnv({ NODE_ENV: "production", PORT: "abc", DATABASE_URL: "mysql://x" });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "SESSION_SECRET", "DATABASE_URL", "DISCORD_CLIENT_ID", "DISCORD_BOT_TOKEN"]) expect(message).toContain(name);
    }
  });

  it("requires a 32-character secret in production", () => {
    expect(() => parseEnv({ ...base, NODE_ENV: "production", SESSION_SECRET: "x".repeat(31) })).toThrow(/SESSION_SECRET/);
    expect(parseEnv({ ...base, NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toHaveLength(32);
  });

  it("turns crypto payments on only when the node, chain, recipient and a priced asset are all set", () => {
    const node = { CRYPTO_RPC_URL: "https://rpc.sepolia.example", CRYPTO_CHAIN_ID: "11155111", CRYPTO_RECIPIENT: `0x${"a".repeat(40)}` };
    expect(parseEnv(base).crypto).toBeNull();
    expect(() => parseEnv({ ...base, CRYPTO_RPC_URL: node.CRYPTO_RPC_URL })).toThrow(/CRYPTO_CHAIN_ID, CRYPTO_RECIPIENT, CRYPTO_NATIVE_USD_CENTS/);
    expect(() => parseEnv({ ...base, ...node, CRYPTO_RECIPIENT: "0x1234" })).toThrow(/CRYPTO_RECIPIENT must be an address/);
    const native = parseEnv({ ...base, ...node, CRYPTO_NATIVE_USD_CENTS: "250000", CRYPTO_EXPLORER_URL: "https://sepolia.etherscan.io/" }).crypto;
    expect(native).toMatchObject({ chainId: 11155111, token: null, native: { symbol: "ETH", decimals: 18, usdCents: 250000 }, confirmations: 3, explorerUrl: "https://sepolia.etherscan.io", demoWallet: false });
    const token = parseEnv({ ...base, ...node, CRYPTO_TOKEN_ADDRESS: `0x${"b".repeat(40)}`, CRYPTO_CONFIRMATIONS: "1" }).crypto;
    expect(token).toMatchObject({ token: { address: `0x${"b".repeat(40)}`, symbol: "USDC", decimals: 6 }, confirmations: 1 });
  });

  it("takes Chargebee all or nothing: site, key and webhook credentials, the API address only for a fake", () => {
    expect(parseEnv(base).chargebee).toBeNull();
    const chargebee = { CHARGEBEE_SITE: "guildhall-test", CHARGEBEE_API_KEY: "test_key", CHARGEBEE_WEBHOOK_USERNAME: "hooks", CHARGEBEE_WEBHOOK_PASSWORD: "p".repeat(16) };
    expect(parseEnv({ ...base, ...chargebee }).chargebee).toEqual({ site: "guildhall-test", apiKey: "test_key", apiUrl: null, webhookUsername: "hooks", webhookPassword: "p".repeat(16) });
    expect(parseEnv({ ...base, ...chargebee, CHARGEBEE_API_URL: "http://127.0.0.1:3101/" }).chargebee?.apiUrl).toBe("http://127.0.0.1:3101");
    expect(() => parseEnv({ ...base, CHARGEBEE_SITE: "guildhall-test" })).toThrow(/also set CHARGEBEE_API_KEY, CHARGEBEE_WEBHOOK_USERNAME, CHARGEBEE_WEBHOOK_PASSWORD/);
    expect(() => parseEnv({ ...base, ...chargebee, CHARGEBEE_WEBHOOK_PASSWORD: "short" })).toThrow(/CHARGEBEE_WEBHOOK_PASSWORD/);
  });

  it("reads PayPal's app and plans, all or none, on the sandbox outside production (spec 9)", () => {
    const PAYPAL_PLAN_IDS = '{"premium_1":"P-5ML4271244454362WXNWU5NQ"}';
    const app = { PAYPAL_CLIENT_ID: "client", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_WEBHOOK_ID: "1JE4291016473214C", PAYPAL_PLAN_IDS };
    expect(parseEnv(base).paypal).toBeNull();
    expect(parseEnv({ ...base, ...app }).paypal).toEqual({
      planIds: { premium_1: "P-5ML4271244454362WXNWU5NQ" },
      clientId: "client",
      clientSecret: "secret",
      webhookId: "1JE4291016473214C",
      apiUrl: "https://api-m.sandbox.paypal.com",
      siteUrl: "https://www.sandbox.paypal.com",
    });
    const production = { ...base, NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), ...app };
    expect(parseEnv({ ...production, APP_URL: "https://guildhall.example" }).paypal).toMatchObject({ apiUrl: "https://api-m.paypal.com", siteUrl: "https://www.paypal.com" });
    expect(parseEnv({ ...production, APP_URL: "https://staging.guildhall.example" }).paypal).toMatchObject({ apiUrl: "https://api-m.sandbox.paypal.com", siteUrl: "https://www.sandbox.paypal.com" });
    // The local fake serves the buyer's pages beside its API.
    expect(parseEnv({ ...base, ...app, PAYPAL_API_URL: "http://127.0.0.1:3102/" }).paypal).toMatchObject({ apiUrl: "http://127.0.0.1:3102", siteUrl: "http://127.0.0.1:3102" });
    expect(() => parseEnv({ ...base, PAYPAL_PLAN_IDS })).toThrow(/PayPal is partly configured \(PAYPAL_PLAN_IDS set\): also set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID/);
    expect(() => parseEnv({ ...base, ...app, PAYPAL_PLAN_IDS: "premium_1=P-1" })).toThrow(/PAYPAL_PLAN_IDS must be a JSON object/);
    expect(() => parseEnv({ ...base, ...app, PAYPAL_PLAN_IDS: '{"gold_1":"P-5ML4271244454362WXNWU5NQ"}' })).toThrow(/PAYPAL_PLAN_IDS/);
    expect(() => parseEnv({ ...base, ...app, PAYPAL_PLAN_IDS: '{"premium_1":"plan"}' })).toThrow(/must be a PayPal plan id/);
  });

  it("reads the custom bot token keys, the first encrypting, and names a bad entry", () => {
    const a = Buffer.alloc(32, 1).toString("base64");
    const b = Buffer.alloc(32, 2).toString("base64url");
    expect(parseEnv(base).customBotTokenKeys).toBeNull();
    const keys = parseEnv({ ...base, CUSTOM_BOT_TOKEN_KEYS: `new:${b}, old:${a}` }).customBotTokenKeys;
    expect(keys?.map((key) => [key.id, key.key.length, key.key[0]])).toEqual([["new", 32, 2], ["old", 32, 1]]);
    expect(() => parseEnv({ ...base, CUSTOM_BOT_TOKEN_KEYS: `k:${Buffer.alloc(16).toString("base64")}` })).toThrow(/CUSTOM_BOT_TOKEN_KEYS must be id:base64key/);
    expect(() => parseEnv({ ...base, CUSTOM_BOT_TOKEN_KEYS: `k:${a},k:${b}` })).toThrow(/names a key id twice/);
  });
});
