import { z } from "zod";
import { PERIODS, PLANS } from "@/lib/billing/plans";
import { environmentOf, MAINNET_CHAIN_IDS, takesLivePayments, type AppEnvironment } from "@/lib/environment";
import { snowflake } from "@/lib/platform/snowflake";

// The only reader of process.env. Parsed lazily (first call) so tests and the
// start script can set variables before anything reads them, then cached.

/**
 * Next's compiler writes "nodejs" here in its server bundles (the documented check in
 * instrumentation files); code run outside Next, such as the handler tests and scripts,
 * sees undefined. Not a setting: nothing can change it at run time.
 */
export const INSIDE_NEXT_SERVER = process.env.NEXT_RUNTIME === "nodejs";

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
/** A PayPal billing plan per Guildhall plan and period, e.g. {"premium_1":"P-5ML4271244454362WXNWU5NQ"}. */
const paypalPlanIds = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: 'must be a JSON object such as {"premium_1":"P-…"}' });
      return z.NEVER;
    }
  })
  .pipe(z.partialRecord(z.enum(PLANS.flatMap((plan) => PERIODS.map((months) => `${plan}_${months}` as const))), z.string().regex(/^P-[A-Z0-9]{6,60}$/, "must be a PayPal plan id (P-…)")));

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: optionalUrl,
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    PGLITE_DIR: z.string().default(".data/pglite"),
    /** A dump of a migrated PGlite database that a `memory://` database starts from (the tests make one per run: test/pglite-template.mjs). */
    PGLITE_TEMPLATE: z.string().optional(),
    /** "0": this server runs no job worker (workers run apart, `npm run worker`, on a shared PostgreSQL). */
    JOBS_IN_PROCESS: z.enum(["0", "1"]).default("1"),
    /**
     * Shared state of every instance (lib/redis/): budgets, the platform cache and budget, session
     * revocation, live events. Unset: all of it lives in this process (one instance).
     */
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
    /** Folder of the local upload storage (lib/storage/local.ts); created on first write. */
    UPLOADS_DIR: z.string().default(".data/uploads"),
    DISCORD_CLIENT_ID: snowflake.optional(),
    DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
    DISCORD_BOT_TOKEN: z.string().min(1).optional(),
    /** The application's public key (Developer Portal, hex): /api/discord-incoming-webhook checks events with it; unset, it takes none. */
    DISCORD_PUBLIC_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "must be the application's Ed25519 public key, 64 hex digits")
      .optional(),
    DISCORD_REDIRECT_URI: optionalUrl,
    DISCORD_API_URL: z.url({ protocol: /^https?$/ }).default("https://discord.com/api"),
    DISCORD_OAUTH_URL: z.url({ protocol: /^https?$/ }).default("https://discord.com"),
    DISCORD_CDN_URL: z.url({ protocol: /^https?$/ }).default("https://cdn.discordapp.com"),
    PLATFORM_EMULATOR: z.enum(["0", "1"]).default("0"),
    /** npm start sets it with the built-in emulator: lib/plugins/giveaways/demo-entrants.ts enters members who react, as the bot would. */
    DEMO_GIVEAWAY_ENTRANTS: z.enum(["0", "1"]).default("0"),
    // Budgets of lib/http/budgets.ts, in units per minute per user (per client address when
    // signed out). Each is a token bucket: that many at once, then that many a minute.
    RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    RATE_LIMIT_GUILD_LISTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_MEMBER_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_VANITY_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Image renders cost RENDER_COST (10) units each: 300 is 30 welcome-card previews a minute. */
    RATE_LIMIT_RENDER_UNITS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    RATE_LIMIT_LOGINS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_PAGES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    /** Searches of a public leaderboard (/{locale}/leaderboard/{guild}/search), drawn per request. */
    RATE_LIMIT_LEADERBOARD_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Checkout starts (Stripe, Chargebee, PayPal, crypto): each costs calls to a payment provider or a stored quote. */
    RATE_LIMIT_CHECKOUTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** How many proxies in front append to X-Forwarded-For (lib/http/client-ip.ts); 0: none is trusted. */
    TRUST_PROXY: z.preprocess((value) => (value === "true" ? "1" : value === "false" ? "0" : value), z.coerce.number().int().min(0).max(10)).default(0),
    // S3-compatible upload storage (lib/storage/s3.ts): all of endpoint, bucket and keys, or none (see s3Settings).
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)")
      .optional(),
    S3_REGION: z.string().regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1").default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0"]).default("true"),
    // Stripe (lib/billing/stripe): card checkout is offered when a secret key is set. npm start sets
    // the built-in fake's (emulators/stripe) when none is configured; staging uses sk_test_ keys.
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)").optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)").optional(),
    /** Where the Stripe SDK sends its calls, e.g. the fake's http://127.0.0.1:12111; unset: api.stripe.com. */
    STRIPE_API_BASE: optionalUrl,
    // Crypto payments (lib/billing/crypto): the chain's JSON-RPC node, where payments go and in what.
    // npm start and the tests point them at the local Hardhat node (emulators/evm) when CRYPTO_RPC_URL is unset.
    // Unset: crypto checkout is off. Spec 9: a test network (and its explorer) outside production.
    CRYPTO_RPC_URL: optionalUrl,
    CRYPTO_CHAIN_ID: z.coerce.number().int().min(1).optional(),
    CRYPTO_RECIPIENT: z.string().regex(EVM_ADDRESS, "must be an address: 0x and 40 hexadecimal digits").optional(),
    /** The ERC-20 token paid in (a USD stablecoin, counted 1:1 to USD); unset: the chain's native coin. */
    CRYPTO_TOKEN_ADDRESS: z.string().regex(EVM_ADDRESS, "must be an address: 0x and 40 hexadecimal digits").optional(),
    CRYPTO_TOKEN_SYMBOL: z.string().regex(/^[A-Za-z0-9.]{1,12}$/, "must be a token symbol (1-12 letters or digits)").default("USDC"),
    CRYPTO_TOKEN_DECIMALS: z.coerce.number().int().min(0).max(36).default(6),
    /** Paying in the native coin: its symbol, decimals and price in USD cents per whole coin. */
    CRYPTO_NATIVE_SYMBOL: z.string().regex(/^[A-Za-z0-9.]{1,12}$/, "must be a coin symbol (1-12 letters or digits)").default("ETH"),
    CRYPTO_NATIVE_DECIMALS: z.coerce.number().int().min(0).max(36).default(18),
    CRYPTO_NATIVE_USD_CENTS: z.coerce.number().int().min(1).optional(),
    /** Blocks a payment must be buried under (its own included) before it is credited. */
    CRYPTO_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
    /** How long a checkout's instructions hold: a transaction mined earlier than this is not accepted. */
    CRYPTO_QUOTE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    /** Block explorer (a test network's outside production): links are {CRYPTO_EXPLORER_URL}/tx/{hash}. */
    CRYPTO_EXPLORER_URL: optionalUrl,
    /** npm start sets it with the local node: the page offers a DEMO wallet (a funded Hardhat test account). */
    CRYPTO_DEMO_WALLET: z.enum(["0", "1"]).default("0"),
    // PayPal (lib/billing/paypal/): the REST app's credentials, its webhook and a billing plan per
    // plan and period, all or none (see paypalProblems). Outside production (spec 9: development,
    // staging) the API and pages are PayPal's sandbox; npm start runs the local fake when unset.
    PAYPAL_PLAN_IDS: paypalPlanIds.optional(),
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    /** The id PayPal gave the webhook pointing at /api/webhooks/paypal (verify-webhook-signature needs it). */
    PAYPAL_WEBHOOK_ID: z.string().regex(/^[A-Za-z0-9]{1,50}$/, "must be a PayPal webhook id").optional(),
    /** The REST API's origin; unset: api-m.paypal.com in production, api-m.sandbox.paypal.com elsewhere. */
    PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Chargebee (lib/billing/chargebee/): the site and its API key, all or none (see chargebeeSettings).
    // Development and staging use the TEST site (name ending in -test), production the live one (spec 9).
    CHARGEBEE_SITE: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "must be a Chargebee site name such as acme-test").optional(),
    CHARGEBEE_API_KEY: z.string().min(1).optional(),
    /** Where the API is served instead of https://{site}.chargebee.com (the local fake); unset against Chargebee. */
    CHARGEBEE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The HTTP basic auth Chargebee's webhook settings send to POST /api/webhooks/chargebee. */
    CHARGEBEE_WEBHOOK_USERNAME: z.string().min(1).optional(),
    CHARGEBEE_WEBHOOK_PASSWORD: z.string().min(16, "must be at least 16 characters").optional(),
    // Social providers (lib/providers/<name>/): each provider's API origin and credentials. A provider
    // without its credentials answers 503 provider_not_configured; npm start points every unconfigured
    // one at the local social fake (emulators/social) so the demo can search and preview.
    TWITCH_CLIENT_ID: z.string().min(1).optional(),
    TWITCH_CLIENT_SECRET: z.string().min(1).optional(),
    TWITCH_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.twitch.tv/helix"),
    TWITCH_AUTH_URL: z.url({ protocol: /^https?$/ }).default("https://id.twitch.tv"),
    YOUTUBE_API_KEY: z.string().min(1).optional(),
    YOUTUBE_API_URL: z.url({ protocol: /^https?$/ }).default("https://www.googleapis.com/youtube/v3"),
    KICK_CLIENT_ID: z.string().min(1).optional(),
    KICK_CLIENT_SECRET: z.string().min(1).optional(),
    KICK_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.kick.com"),
    KICK_AUTH_URL: z.url({ protocol: /^https?$/ }).default("https://id.kick.com"),
    REDDIT_CLIENT_ID: z.string().min(1).optional(),
    REDDIT_CLIENT_SECRET: z.string().min(1).optional(),
    REDDIT_API_URL: z.url({ protocol: /^https?$/ }).default("https://oauth.reddit.com"),
    REDDIT_AUTH_URL: z.url({ protocol: /^https?$/ }).default("https://www.reddit.com"),
    TIKTOK_CLIENT_KEY: z.string().min(1).optional(),
    TIKTOK_CLIENT_SECRET: z.string().min(1).optional(),
    TIKTOK_API_URL: z.url({ protocol: /^https?$/ }).default("https://open.tiktokapis.com"),
    TIKTOK_AUTH_URL: z.url({ protocol: /^https?$/ }).default("https://www.tiktok.com"),
    INSTAGRAM_ACCESS_TOKEN: z.string().min(1).optional(),
    INSTAGRAM_BUSINESS_ID: z.string().regex(/^\d{5,30}$/, "must be the numeric id of your Instagram business account").optional(),
    INSTAGRAM_API_URL: z.url({ protocol: /^https?$/ }).default("https://graph.facebook.com/v21.0"),
    TWITTER_BEARER_TOKEN: z.string().min(1).optional(),
    TWITTER_CLIENT_ID: z.string().min(1).optional(),
    TWITTER_CLIENT_SECRET: z.string().min(1).optional(),
    TWITTER_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.twitter.com"),
    TWITTER_AUTH_URL: z.url({ protocol: /^https?$/ }).default("https://twitter.com"),
    /**
     * Account linking (lib/account-links/): one origin for every OAuth call of that provider
     * (authorize page, token, "who am I"), real paths below it. Unset: the provider's own hosts
     * through TWITCH_AUTH_URL + TWITCH_API_URL, TWITTER_AUTH_URL + TWITTER_API_URL, TIKTOK_AUTH_URL
     * + TIKTOK_API_URL. The social fake sets them, so its OAuth stand-in never collides with a
     * search fake that took the *_AUTH_URL settings.
     */
    TWITCH_OAUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
    TWITTER_OAUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
    TIKTOK_OAUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * The music player's add-by-link (lib/music/oembed.ts): each host's public oEmbed endpoint,
     * keyless. Tests and npm start's demo point them at the social fake.
     */
    YOUTUBE_OEMBED_URL: z.url({ protocol: /^https?$/ }).default("https://www.youtube.com/oembed"),
    SOUNDCLOUD_OEMBED_URL: z.url({ protocol: /^https?$/ }).default("https://soundcloud.com/oembed"),
    SPOTIFY_OEMBED_URL: z.url({ protocol: /^https?$/ }).default("https://open.spotify.com/oembed"),
    VIMEO_OEMBED_URL: z.url({ protocol: /^https?$/ }).default("https://vimeo.com/api/oembed.json"),
    /** Apple's iTunes Search API (podcast search); keyless. */
    PODCAST_SEARCH_URL: z.url({ protocol: /^https?$/ }).default("https://itunes.apple.com"),
    /**
     * Origins the guarded outbound fetch (lib/http/guarded-fetch.ts) may reach although they are
     * private or loopback, comma-separated (`http://127.0.0.1:3104`): tests' and the demo's local
     * fakes. Nothing else reaches a private address.
     */
    OUTBOUND_ALLOWED_ORIGINS: z
      .string()
      .default("")
      .transform((text) => text.split(",").map((item) => item.trim()).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin))),
    /** Searches of the social providers per user and minute (each is cached briefly too). */
    RATE_LIMIT_PROVIDER_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    // Feature flags (lib/flags/): an Unleash server when UNLEASH_URL is set (its client API, e.g.
    // https://unleash.example.com/api, and a server-side client token), else the local flags file.
    UNLEASH_URL: optionalUrl,
    UNLEASH_API_TOKEN: z.string().min(1).optional(),
    /** The name this app reports to Unleash (and its browser flag client, spec 4). */
    UNLEASH_APP_NAME: z.string().regex(/^[\w.-]{1,100}$/, "must be an application name (letters, digits, . _ -)").default("guildhall"),
    /** Flag definitions in the shape of Unleash's /client/features answer, read when no Unleash server is set. */
    FLAGS_FILE: z.string().default("config/flags.json"),
    /** Flag fetches and flag metrics (GET/POST /api/e, POST /api/e/client/metrics) per user, or per client address signed out. */
    RATE_LIMIT_FLAGS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    RATE_LIMIT_REALTIME_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    // Product analytics (lib/analytics/): off without a key. The browser SDK posts through our
    // proxy (/api/mpp), the server's SDK directly; both reach AMPLITUDE_SERVER_URL.
    AMPLITUDE_API_KEY: z.string().regex(/^[\w-]{8,100}$/, "must be an Amplitude project API key").optional(),
    /** Amplitude's HTTP V2 API, or the local fake's (emulators/amplitude). */
    AMPLITUDE_SERVER_URL: z.url({ protocol: /^https?$/ }).default("https://api2.amplitude.com/2/httpapi"),
    /** Uploads of the browser's analytics SDK through the proxy (/api/mpp, /api/t) per user, or per client address signed out. */
    RATE_LIMIT_ANALYTICS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Error reporting (lib/error-reporting/): Sentry's DSN; reports are sent in staging and production only. */
    SENTRY_DSN: z.url({ protocol: /^https?$/, error: "must be a Sentry DSN (https://key@host/project)" }).optional(),
    /**
     * The keys custom bot tokens are encrypted with (lib/custom-bot/token-crypto.ts): `id:base64key`
     * (32 bytes), comma-separated. The first encrypts; every one decrypts, so a new key goes first
     * and the old ones stay until no stored token uses them. Unset: the custom bot answers 503.
     */
    CUSTOM_BOT_TOKEN_KEYS: z
      .string()
      .transform((text, ctx) => {
        const keys = text.split(",").map((item) => item.trim()).filter(Boolean).map((item) => parseTokenKey(item));
        const bad = keys.findIndex((key) => key === null);
        if (bad >= 0 || keys.length === 0) ctx.addIssue({ code: "custom", message: `must be id:base64key pairs (a 32-byte key, id of letters, digits, - or _), comma-separated${bad >= 0 ? ` (entry ${bad + 1} is not)` : ""}` });
        const ids = keys.flatMap((key) => (key ? [key.id] : []));
        if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", message: "names a key id twice" });
        return keys.filter((key): key is TokenKey => key !== null);
      })
      .optional(),
  });

/** One key of CUSTOM_BOT_TOKEN_KEYS. */
export type TokenKey = { id: string; key: Buffer };

function parseTokenKey(entry: string): TokenKey | null {
  const match = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_-]{43}=?)$/.exec(entry);
  if (!match) return null;
  const key = Buffer.from(match[2]!, "base64");
  return key.length === 32 ? { id: match[1]!, key } : null;
}

type RawEnv = z.infer<typeof schema>;

export type Env = Omit<RawEnv, "DISCORD_CLIENT_ID" | "DISCORD_CLIENT_SECRET" | "DISCORD_BOT_TOKEN" | "SESSION_SECRET" | "CUSTOM_BOT_TOKEN_KEYS"> & {
  APP_URL: string;
  /** Development, staging or production (lib/environment.ts): which payment services are live. */
  environment: AppEnvironment;
  SESSION_SECRET: string;
  DISCORD_CLIENT_ID: string;
  DISCORD_CLIENT_SECRET: string;
  DISCORD_BOT_TOKEN: string;
  DISCORD_REDIRECT_URI: string;
  /** True when the app talks to the built-in platform emulator instead of Discord. */
  usingEmulator: boolean;
  /** True in npm start's demo: a stand-in enters the members who react to a giveaway (no bot there). */
  demoGiveawayEntrants: boolean;
  /** True when cookies must be Secure and __Host- prefixed. */
  secureCookies: boolean;
  /** S3-compatible upload storage, or null for the local folder UPLOADS_DIR. */
  s3: S3Settings | null;
  /** Stripe's settings, or null when no secret key is configured (no card checkout). */
  stripe: StripeSettings | null;
  /** Crypto payments, or null when no node is configured (checkout off). */
  crypto: CryptoSettings | null;
  /** The Chargebee site, or null: the shop and Chargebee checkout answer 503. */
  chargebee: ChargebeeSettings | null;
  /** PayPal's REST app, or null when unconfigured (its checkout answers 503). */
  paypal: PaypalSettings | null;
  /** The custom bot token keys, the one that encrypts first; null when unset (the custom bot answers 503). */
  customBotTokenKeys: readonly TokenKey[] | null;
  /** The Unleash server flags are evaluated from, or null: the local flags file (FLAGS_FILE). */
  unleash: UnleashSettings | null;
  /** Amplitude's key and API, or null: no analytics at all (nothing loaded, nothing sent). */
  analytics: AnalyticsSettings | null;
  /** Sentry, or null: no DSN, or development (spec 9: error reporting in staging and production only). */
  errorReporting: ErrorReportingSettings | null;
};

export type AnalyticsSettings = { apiKey: string; serverUrl: string };
export type ErrorReportingSettings = { dsn: string; environment: Exclude<AppEnvironment, "development"> };

export type UnleashSettings = { url: string; apiToken: string; appName: string };

/** An Unleash server needs its URL and a token together. */
function unleashProblems(source: Record<string, unknown>): string[] {
  if ((source.UNLEASH_URL === undefined) === (source.UNLEASH_API_TOKEN === undefined)) return [];
  return [source.UNLEASH_URL === undefined ? "UNLEASH_API_TOKEN is set without UNLEASH_URL: set both, or neither to use FLAGS_FILE" : "UNLEASH_URL is set without UNLEASH_API_TOKEN (a server-side client token)"];
}

export type PaypalSettings = {
  planIds: NonNullable<RawEnv["PAYPAL_PLAN_IDS"]>;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** The REST API's origin (PayPal's live or sandbox one, or the local fake). */
  apiUrl: string;
  /** Where buyers' PayPal pages are (the autopay page): live, sandbox, or the fake's own origin. */
  siteUrl: string;
};

const PAYPAL_REQUIRED = ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID", "PAYPAL_PLAN_IDS"] as const;

/** PayPal is all or nothing: plans without credentials (or the reverse) would sell nothing and stop nobody. */
function paypalProblems(source: Record<string, unknown>): string[] {
  const set = [...PAYPAL_REQUIRED, "PAYPAL_API_URL"].filter((key) => source[key] !== undefined);
  const missing = PAYPAL_REQUIRED.filter((key) => source[key] === undefined);
  if (set.length === 0 || missing.length === 0) return [];
  return [`PayPal is partly configured (${set.join(", ")} set): also set ${missing.join(", ")}`];
}

export type CryptoSettings = {
  rpcUrl: string;
  chainId: number;
  recipient: `0x${string}`;
  /** The ERC-20 paid in, or null for the native coin (priced by nativeUsdCents). */
  token: { address: `0x${string}`; symbol: string; decimals: number } | null;
  native: { symbol: string; decimals: number; usdCents: number | null };
  confirmations: number;
  quoteMinutes: number;
  explorerUrl: string | null;
  demoWallet: boolean;
};

export type StripeSettings = { secretKey: string; webhookSecret: string; apiBase: URL | null };

export type ChargebeeSettings = {
  site: string;
  apiKey: string;
  /** The API's origin when it is not https://{site}.chargebee.com (the local fake), else null. */
  apiUrl: string | null;
  webhookUsername: string;
  webhookPassword: string;
};

const CHARGEBEE_REQUIRED = ["CHARGEBEE_SITE", "CHARGEBEE_API_KEY", "CHARGEBEE_WEBHOOK_USERNAME", "CHARGEBEE_WEBHOOK_PASSWORD"] as const;

/** Chargebee is all or nothing too: a site without its key or webhook credentials stops the start. */
function chargebeeProblems(source: Record<string, unknown>): string[] {
  const set = [...CHARGEBEE_REQUIRED, "CHARGEBEE_API_URL"].filter((key) => source[key] !== undefined);
  const missing = CHARGEBEE_REQUIRED.filter((key) => source[key] === undefined);
  if (set.length === 0 || missing.length === 0) return [];
  return [`Chargebee is partly configured (${set.join(", ")} set): also set ${missing.join(", ")}`];
}

function chargebeeSettings(env: RawEnv): ChargebeeSettings | null {
  if (!env.CHARGEBEE_SITE || !env.CHARGEBEE_API_KEY || !env.CHARGEBEE_WEBHOOK_USERNAME || !env.CHARGEBEE_WEBHOOK_PASSWORD) return null;
  return {
    site: env.CHARGEBEE_SITE,
    apiKey: env.CHARGEBEE_API_KEY,
    apiUrl: env.CHARGEBEE_API_URL?.replace(/\/+$/, "") ?? null,
    webhookUsername: env.CHARGEBEE_WEBHOOK_USERNAME,
    webhookPassword: env.CHARGEBEE_WEBHOOK_PASSWORD,
  };
}

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key when true, https://bucket.endpoint/key when false. */
  forcePathStyle: boolean;
};

const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_OPTIONAL = ["S3_REGION", "S3_FORCE_PATH_STYLE"] as const;

const CRYPTO_REQUIRED = ["CRYPTO_RPC_URL", "CRYPTO_CHAIN_ID", "CRYPTO_RECIPIENT"] as const;

/** Crypto payments need the node, its chain and the recipient; paid in the native coin, its price too. */
function cryptoProblems(source: Record<string, unknown>): string[] {
  if (source.CRYPTO_RPC_URL === undefined) return [];
  const missing: string[] = CRYPTO_REQUIRED.filter((key) => source[key] === undefined);
  if (source.CRYPTO_TOKEN_ADDRESS === undefined && source.CRYPTO_NATIVE_USD_CENTS === undefined) missing.push("CRYPTO_NATIVE_USD_CENTS (or CRYPTO_TOKEN_ADDRESS)");
  return missing.length === 0 ? [] : [`crypto payments are partly configured (CRYPTO_RPC_URL set): also set ${missing.join(", ")}`];
}

function cryptoSettings(env: RawEnv): CryptoSettings | null {
  if (!env.CRYPTO_RPC_URL || !env.CRYPTO_CHAIN_ID || !env.CRYPTO_RECIPIENT) return null;
  return {
    rpcUrl: env.CRYPTO_RPC_URL,
    chainId: env.CRYPTO_CHAIN_ID,
    recipient: env.CRYPTO_RECIPIENT as `0x${string}`,
    token: env.CRYPTO_TOKEN_ADDRESS ? { address: env.CRYPTO_TOKEN_ADDRESS as `0x${string}`, symbol: env.CRYPTO_TOKEN_SYMBOL, decimals: env.CRYPTO_TOKEN_DECIMALS } : null,
    native: { symbol: env.CRYPTO_NATIVE_SYMBOL, decimals: env.CRYPTO_NATIVE_DECIMALS, usdCents: env.CRYPTO_NATIVE_USD_CENTS ?? null },
    confirmations: env.CRYPTO_CONFIRMATIONS,
    quoteMinutes: env.CRYPTO_QUOTE_MINUTES,
    explorerUrl: env.CRYPTO_EXPLORER_URL?.replace(/\/+$/, "") ?? null,
    demoWallet: env.CRYPTO_DEMO_WALLET === "1",
  };
}

/** S3 is all or nothing: any S3_* variable set means the four required ones must be. */
function s3Problems(source: Record<string, unknown>): string[] {
  const set = [...S3_REQUIRED, ...S3_OPTIONAL].filter((key) => source[key] !== undefined);
  const missing = S3_REQUIRED.filter((key) => source[key] === undefined);
  if (set.length === 0 || missing.length === 0) return [];
  return [`S3 storage is partly configured (${set.join(", ")} set): also set ${missing.join(", ")}, or unset every S3_* variable to use UPLOADS_DIR`];
}

function s3Settings(env: RawEnv): S3Settings | null {
  if (!env.S3_ENDPOINT || !env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: env.S3_ENDPOINT.replace(/\/+$/, ""),
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true" || env.S3_FORCE_PATH_STYLE === "1",
  };
}

// Only development and test may run without a configured secret.
const DEV_SESSION_SECRET = "development-only-secret-do-not-use-in-production";

export class EnvError extends Error {
  constructor(issues: string[]) {
    super(`Invalid environment:\n${issues.map((line) => `  - ${line}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).map(([key, value]) => [key, emptyAsUndefined(value)]));
  const result = schema.safeParse(cleaned);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  // Checked apart from the schema so one run reports every problem at once.
  if (cleaned.NODE_ENV === "production" && !cleaned.SESSION_SECRET) problems.push("SESSION_SECRET is required in production");
  for (const key of ["DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET", "DISCORD_BOT_TOKEN"]) {
    if (!cleaned[key]) problems.push(`${key} is required (npm start sets it for the emulator)`);
  }
  problems.push(...s3Problems(cleaned));
  if (cleaned.STRIPE_SECRET_KEY && !cleaned.STRIPE_WEBHOOK_SECRET) problems.push("STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (the webhook endpoint checks signatures with it)");
  problems.push(...cryptoProblems(cleaned), ...chargebeeProblems(cleaned), ...paypalProblems(cleaned), ...unleashProblems(cleaned));
  if (result.success) problems.push(...environmentProblems(result.data, environmentOf(appUrlOf(result.data), result.data.NODE_ENV)));
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  const { CUSTOM_BOT_TOKEN_KEYS, ...env } = result.data;
  const appUrl = appUrlOf(env);
  const environment = environmentOf(appUrl, env.NODE_ENV);
  return {
    ...env,
    APP_URL: appUrl,
    environment,
    SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    DISCORD_CLIENT_ID: env.DISCORD_CLIENT_ID!,
    DISCORD_CLIENT_SECRET: env.DISCORD_CLIENT_SECRET!,
    DISCORD_BOT_TOKEN: env.DISCORD_BOT_TOKEN!,
    DISCORD_REDIRECT_URI: env.DISCORD_REDIRECT_URI ?? `${appUrl}/auth/callback`,
    DISCORD_API_URL: env.DISCORD_API_URL.replace(/\/$/, ""),
    DISCORD_OAUTH_URL: env.DISCORD_OAUTH_URL.replace(/\/$/, ""),
    DISCORD_CDN_URL: env.DISCORD_CDN_URL.replace(/\/$/, ""),
    usingEmulator: env.PLATFORM_EMULATOR === "1",
    demoGiveawayEntrants: env.DEMO_GIVEAWAY_ENTRANTS === "1",
    secureCookies: appUrl.startsWith("https://"),
    s3: s3Settings(env),
    stripe: env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null } : null,
    crypto: cryptoSettings(env),
    chargebee: chargebeeSettings(env),
    paypal: paypalSettings(env, environment),
    customBotTokenKeys: CUSTOM_BOT_TOKEN_KEYS ?? null,
    unleash: env.UNLEASH_URL && env.UNLEASH_API_TOKEN ? { url: env.UNLEASH_URL.replace(/\/+$/, ""), apiToken: env.UNLEASH_API_TOKEN, appName: env.UNLEASH_APP_NAME } : null,
    analytics: env.AMPLITUDE_API_KEY ? { apiKey: env.AMPLITUDE_API_KEY, serverUrl: env.AMPLITUDE_SERVER_URL } : null,
    errorReporting: env.SENTRY_DSN && environment !== "development" ? { dsn: env.SENTRY_DSN, environment } : null,
  };
}

const appUrlOf = (env: Pick<RawEnv, "APP_URL" | "PORT">) => (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");

const PAYPAL_LIVE_API = "https://api-m.paypal.com";
const PAYPAL_SANDBOX_API = "https://api-m.sandbox.paypal.com";

/**
 * Spec 9: live payment services in production only, test ones in development and staging. Each
 * key or address that says which it is must match the environment, or the start stops here.
 */
function environmentProblems(env: RawEnv, environment: AppEnvironment): string[] {
  const live = takesLivePayments(environment);
  const where = `${environment} (APP_URL ${appUrlOf(env)})`;
  const problems: string[] = [];
  const stripeLive = env.STRIPE_SECRET_KEY ? /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY) : null;
  if (stripeLive === true && !live) problems.push(`STRIPE_SECRET_KEY is a live key in ${where}: use a test key (sk_test_…) outside production`);
  if (stripeLive === false && live) problems.push(`STRIPE_SECRET_KEY is a test key in ${where}: production takes live payments (sk_live_…)`);
  if (env.CHARGEBEE_SITE && !env.CHARGEBEE_API_URL) {
    const testSite = env.CHARGEBEE_SITE.endsWith("-test");
    if (!testSite && !live) problems.push(`CHARGEBEE_SITE ${env.CHARGEBEE_SITE} is a live site in ${where}: use the test site (its name ends in -test)`);
    if (testSite && live) problems.push(`CHARGEBEE_SITE ${env.CHARGEBEE_SITE} is the test site in ${where}: production uses the live site`);
  }
  if (env.CRYPTO_CHAIN_ID !== undefined) {
    const mainnet = MAINNET_CHAIN_IDS.has(env.CRYPTO_CHAIN_ID);
    if (mainnet && !live) problems.push(`CRYPTO_CHAIN_ID ${env.CRYPTO_CHAIN_ID} is a main network in ${where}: use a test network outside production`);
    if (!mainnet && live) problems.push(`CRYPTO_CHAIN_ID ${env.CRYPTO_CHAIN_ID} is a test network in ${where}: production takes payments on a main network`);
  }
  const paypalApi = env.PAYPAL_API_URL?.replace(/\/+$/, "");
  if (paypalApi === PAYPAL_LIVE_API && !live) problems.push(`PAYPAL_API_URL is PayPal's live API in ${where}: leave it unset for the sandbox`);
  if (paypalApi === PAYPAL_SANDBOX_API && live) problems.push(`PAYPAL_API_URL is PayPal's sandbox in ${where}: leave it unset for the live API`);
  return problems;
}

/** Spec 9: the live API and site in production only (lib/environment.ts decides which this is). */
function paypalSettings(env: RawEnv, environment: AppEnvironment): PaypalSettings | null {
  if (!env.PAYPAL_PLAN_IDS || Object.keys(env.PAYPAL_PLAN_IDS).length === 0) return null;
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET || !env.PAYPAL_WEBHOOK_ID) return null;
  const live = takesLivePayments(environment);
  const apiUrl = (env.PAYPAL_API_URL ?? (live ? PAYPAL_LIVE_API : PAYPAL_SANDBOX_API)).replace(/\/+$/, "");
  // The local fake serves its buyer pages beside its API; PayPal serves them on www.
  const atPaypal = /(^|\.)paypal\.com$/.test(new URL(apiUrl).hostname);
  const siteUrl = atPaypal ? (live ? "https://www.paypal.com" : "https://www.sandbox.paypal.com") : new URL(apiUrl).origin;
  return { planIds: env.PAYPAL_PLAN_IDS, clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, webhookId: env.PAYPAL_WEBHOOK_ID, apiUrl, siteUrl };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Where the database is, and nothing else: for operator commands that need no platform credentials (`npm run jobs`). */
export function getDatabaseEnv(): Pick<Env, "DATABASE_URL" | "PGLITE_DIR"> {
  const cleaned = Object.fromEntries(Object.entries(process.env).map(([key, value]) => [key, emptyAsUndefined(value)]));
  const result = schema.pick({ DATABASE_URL: true, PGLITE_DIR: true }).safeParse(cleaned);
  if (!result.success) throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  return result.data;
}

/** Tests that start an emulator on a random port call this after setting variables. */
export function resetEnvCache(): void {
  cached = undefined;
}
