// Tests only: starts the platform emulator on a free port and points lib/env and
// this folder's clients at it. Not imported by application code.
import { DEMO_USER_ID } from "@/emulators/platform/credentials";
import { startPlatformEmulator } from "@/emulators/platform/server";
import { resetEnvCache } from "@/lib/env";

import { buildAuthorizeUrl, exchangeCode, type OAuthTokens } from "@/lib/platform/oauth";
import { platformCallsSettled, resetPlatformClientForTests } from "@/lib/platform/rest";

export type PlatformEmulator = Awaited<ReturnType<typeof startPlatformEmulator>>;

const ENV_KEYS = ["DISCORD_API_URL", "DISCORD_OAUTH_URL", "DISCORD_CDN_URL"] as const;

export interface EmulatorHarness {
  emulator: PlatformEmulator;
  /** Signs a user in through the emulator's auto-authorize shortcut and exchanges the code. */
  signIn(userId?: string): Promise<OAuthTokens>;
  /** Follows an authorize URL with the shortcut and returns the redirect it answers with. */
  autoAuthorize(authorizeUrl: string, userId?: string): Promise<URL>;
  /** Upstream calls the emulator counted for one route key, e.g. "GET /users/@me/guilds". */
  callsTo(route: string): number;
  stop(): Promise<void>;
}

export async function startEmulatorHarness(): Promise<EmulatorHarness> {
  const emulator = await startPlatformEmulator({ port: 0, quiet: true });
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  process.env.DISCORD_API_URL = `${emulator.url}/api`;
  process.env.DISCORD_OAUTH_URL = emulator.url;
  process.env.DISCORD_CDN_URL = `${emulator.url}/cdn`;
  resetEnvCache();
  resetPlatformClientForTests();

  async function autoAuthorize(authorizeUrl: string, userId = DEMO_USER_ID): Promise<URL> {
    const url = new URL(authorizeUrl);
    url.searchParams.set("emulator_user", userId);
    url.searchParams.set("emulator_auto", "1");
    const response = await fetch(url, { redirect: "manual" });
    const location = response.headers.get("location");
    if (response.status !== 302 || !location) {
      throw new Error(`auto-authorize answered ${response.status}: ${await response.text()}`);
    }
    return new URL(location);
  }

  return {
    emulator,
    autoAuthorize,
    async signIn(userId = DEMO_USER_ID) {
      const state = `state-${Math.random().toString(36).slice(2)}`;
      const redirect = await autoAuthorize(buildAuthorizeUrl({ state }), userId);
      if (redirect.searchParams.get("state") !== state) throw new Error("state did not round-trip");
      const code = redirect.searchParams.get("code");
      if (!code) throw new Error(`no code in ${redirect.href}`);
      return exchangeCode(code);
    },
    callsTo(route: string) {
      return emulator.calls().byRoute[route] ?? 0;
    },
    async stop() {
      // A call left running (a stale value served while it loads) must not outlive the test file.
      await platformCallsSettled();
      await emulator.close();
      for (const key of ENV_KEYS) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetEnvCache();
      resetPlatformClientForTests();
    },
  };
}
