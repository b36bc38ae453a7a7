// Tests only: starts the social fake (emulators/social) on a free port and points every
// provider adapter at it through lib/env, as npm start does for the demo.
import { startSocialFake, type SocialFakeServer } from "@/emulators/social/server";
import { resetEnvCache } from "@/lib/env";
import { clearProviderCache } from "@/lib/providers/cache";

export type SocialHarness = SocialFakeServer & {
  /** The next `times` calls to this provider's fake answer `status` (with Retry-After when given). */
  fault(segment: string, status: number, options?: { retryAfter?: number; times?: number }): Promise<void>;
  calls(segment: string): Promise<{ count: number; paths: string[] }>;
  /** POST /__fake/live: a Twitch or Kick streamer goes live (a new stream) or offline. */
  live(provider: "twitch" | "kick", login: string, live: boolean, title?: string): Promise<Record<string, unknown>>;
  /** POST /__fake/publish: a new newest item of that channel, subreddit, account or feed. */
  publish(provider: string, source: string, title?: string): Promise<Record<string, unknown>>;
  reset(): Promise<void>;
  stop(): Promise<void>;
};

export async function startSocialHarness(): Promise<SocialHarness> {
  const fake = await startSocialFake({ port: 0, quiet: true });
  const saved = Object.fromEntries(Object.keys(fake.env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, fake.env);
  resetEnvCache();
  clearProviderCache();
  const control = (path: string, init?: RequestInit) => fetch(`${fake.url}/__fake/${path}`, init);
  const act = async (path: string, body: unknown) => {
    const answer = await control(path, { method: "POST", body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`POST /__fake/${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as Record<string, unknown>;
  };
  return {
    ...fake,
    async fault(segment, status, { retryAfter, times = 1 } = {}) {
      await control("faults", { method: "POST", body: JSON.stringify({ segment, status, retry_after: retryAfter, times }) });
    },
    async calls(segment) {
      return (await (await control(`calls?segment=${segment}`)).json()) as { count: number; paths: string[] };
    },
    live: (provider, login, live, title) => act("live", { provider, login, live, title }),
    publish: (provider, source, title) => act("publish", { provider, source, title }),
    async reset() {
      await control("reset", { method: "POST" });
      clearProviderCache();
    },
    async stop() {
      await fake.close();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      resetEnvCache();
      clearProviderCache();
    },
  };
}

/** The social fake for the tests of this file (or describe block): started before them, reset before each, stopped after. */
export function socialHarnessForThisBlock(): SocialHarness {
  let current: SocialHarness | undefined;
  beforeAll(async () => {
    current = await startSocialHarness();
  });
  beforeEach(() => current!.reset());
  afterAll(() => current?.stop());
  const started = () => {
    if (!current) throw new Error("the social fake starts in beforeAll");
    return current;
  };
  return {
    get url() {
      return started().url;
    },
    get env() {
      return started().env;
    },
    envFor: (source) => started().envFor(source),
    close: () => started().close(),
    fault: (segment, status, options) => started().fault(segment, status, options),
    calls: (segment) => started().calls(segment),
    live: (provider, login, live, title) => started().live(provider, login, live, title),
    publish: (provider, source, title) => started().publish(provider, source, title),
    reset: () => started().reset(),
    stop: () => started().stop(),
  };
}
