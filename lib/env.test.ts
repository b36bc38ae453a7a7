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

  it("takes flags from an Unleash server only with its URL and token together, else from the flags file", () => {
    expect(parseEnv(base)).toMatchObject({ unleash: null, FLAGS_FILE: "config/flags.json", UNLEASH_APP_NAME: "guildhall", RATE_LIMIT_FLAGS_PER_MINUTE: 120 });
    expect(parseEnv({ ...base, UNLEASH_URL: "https://unleash.example/api/", UNLEASH_API_TOKEN: "default:production.abc" }).unleash).toEqual({ url: "https://unleash.example/api", apiToken: "default:production.abc", appName: "guildhall" });
    expect(() => parseEnv({ ...base, UNLEASH_URL: "https://unleash.example/api" })).toThrow(/UNLEASH_URL is set without UNLEASH_API_TOKEN/);
    expect(() => parseEnv({ ...base, UNLEASH_API_TOKEN: "default:production.abc" })).toThrow(/UNLEASH_API_TOKEN is set without UNLEASH_URL/);
    expect(() => parseEnv({ ...base, UNLEASH_APP_NAME: "guild hall" })).toThrow(/UNLEASH_APP_NAME must be an application name/);
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

  describe("environments (spec 9): test payments outside production, live ones in production", () => {
    const production = { ...base, NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), APP_URL: "https://guildhall.example" };
    const staging = { ...production, APP_URL: "https://staging.guildhall.example" };
    const stripe = (key: string) => ({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: "whsec_abc" });
    const chargebee = (site: string) => ({ CHARGEBEE_SITE: site, CHARGEBEE_API_KEY: "key", CHARGEBEE_WEBHOOK_USERNAME: "hooks", CHARGEBEE_WEBHOOK_PASSWORD: "p".repeat(16) });
    const crypto = (chain: string) => ({ CRYPTO_RPC_URL: "https://rpc.example", CRYPTO_CHAIN_ID: chain, CRYPTO_RECIPIENT: `0x${"a".repeat(40)}`, CRYPTO_NATIVE_USD_CENTS: "250000" });

    it("names the environment", () => {
      expect([parseEnv(base).environment, parseEnv(staging).environment, parseEnv(production).environment]).toEqual(["development", "staging", "production"]);
    });

    it("starts with keys of the environment's kind", () => {
      expect(parseEnv({ ...staging, ...stripe("sk_test_abc"), ...chargebee("guildhall-test"), ...crypto("11155111") }).stripe).not.toBeNull();
      expect(parseEnv({ ...production, ...stripe("sk_live_abc"), ...chargebee("guildhall"), ...crypto("8453") }).chargebee?.site).toBe("guildhall");
      // The local fakes (an API address of their own) are not a live site, whatever their name.
      expect(parseEnv({ ...base, ...chargebee("guildhall"), CHARGEBEE_API_URL: "http://127.0.0.1:3101" }).chargebee).not.toBeNull();
    });

    it("stops the start on a live key in staging or development, naming the variable and the environment", () => {
      expect(() => parseEnv({ ...staging, ...stripe("sk_live_abc") })).toThrow(/STRIPE_SECRET_KEY is a live key in staging \(APP_URL https:\/\/staging\.guildhall\.example\)/);
      expect(() => parseEnv({ ...base, ...stripe("rk_live_abc") })).toThrow(/STRIPE_SECRET_KEY is a live key in development/);
      expect(() => parseEnv({ ...staging, ...chargebee("guildhall") })).toThrow(/CHARGEBEE_SITE guildhall is a live site in staging/);
      expect(() => parseEnv({ ...staging, ...crypto("1") })).toThrow(/CRYPTO_CHAIN_ID 1 is a main network in staging/);
      expect(() => parseEnv({ ...staging, PAYPAL_API_URL: "https://api-m.paypal.com/" })).toThrow(/PAYPAL_API_URL is PayPal's live API in staging/);
    });

    it("stops the start on a test key in production, and reports every mismatch at once", () => {
      try {
        parseEnv({ ...production, ...stripe("sk_test_abc"), ...chargebee("guildhall-test"), ...crypto("31337"), PAYPAL_API_URL: "https://api-m.sandbox.paypal.com" });
        throw new Error("parseEnv accepted test keys in production");
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        const message = (error as Error).message;
        for (const part of ["STRIPE_SECRET_KEY is a test key in production", "CHARGEBEE_SITE guildhall-test is the test site in production", "CRYPTO_CHAIN_ID 31337 is a test network in production", "PAYPAL_API_URL is PayPal's sandbox in production"]) expect(message).toContain(part);
      }
    });
  });
});
