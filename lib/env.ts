import { z } from "zod";

// The only reader of process.env. Parsed lazily (first call) so tests and the
// start script can set variables before anything reads them, then cached.

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

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
    /** Folder of the local upload storage (lib/storage/local.ts); created on first write. */
    UPLOADS_DIR: z.string().default(".data/uploads"),
    DISCORD_CLIENT_ID: z.string().regex(/^\d{15,21}$/, "must be a snowflake id").optional(),
    DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
    DISCORD_BOT_TOKEN: z.string().min(1).optional(),
    DISCORD_REDIRECT_URI: optionalUrl,
    DISCORD_API_URL: z.url({ protocol: /^https?$/ }).default("https://discord.com/api"),
    DISCORD_OAUTH_URL: z.url({ protocol: /^https?$/ }).default("https://discord.com"),
    DISCORD_CDN_URL: z.url({ protocol: /^https?$/ }).default("https://cdn.discordapp.com"),
    PLATFORM_EMULATOR: z.enum(["0", "1"]).default("0"),
    RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  });

type RawEnv = z.infer<typeof schema>;

export type Env = Omit<RawEnv, "DISCORD_CLIENT_ID" | "DISCORD_CLIENT_SECRET" | "DISCORD_BOT_TOKEN" | "SESSION_SECRET"> & {
  APP_URL: string;
  SESSION_SECRET: string;
  DISCORD_CLIENT_ID: string;
  DISCORD_CLIENT_SECRET: string;
  DISCORD_BOT_TOKEN: string;
  DISCORD_REDIRECT_URI: string;
  /** True when the app talks to the built-in platform emulator instead of Discord. */
  usingEmulator: boolean;
  /** True when cookies must be Secure and __Host- prefixed. */
  secureCookies: boolean;
};

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
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  const env = result.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    ...env,
    APP_URL: appUrl,
    SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    DISCORD_CLIENT_ID: env.DISCORD_CLIENT_ID!,
    DISCORD_CLIENT_SECRET: env.DISCORD_CLIENT_SECRET!,
    DISCORD_BOT_TOKEN: env.DISCORD_BOT_TOKEN!,
    DISCORD_REDIRECT_URI: env.DISCORD_REDIRECT_URI ?? `${appUrl}/auth/callback`,
    DISCORD_API_URL: env.DISCORD_API_URL.replace(/\/$/, ""),
    DISCORD_OAUTH_URL: env.DISCORD_OAUTH_URL.replace(/\/$/, ""),
    DISCORD_CDN_URL: env.DISCORD_CDN_URL.replace(/\/$/, ""),
    usingEmulator: env.PLATFORM_EMULATOR === "1",
    secureCookies: appUrl.startsWith("https://"),
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests that start an emulator on a random port call this after setting variables. */
export function resetEnvCache(): void {
  cached = undefined;
}
