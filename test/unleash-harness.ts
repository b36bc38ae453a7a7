// Tests only: starts the Unleash fake (emulators/unleash) on a free port, points lib/env at it
// and starts the app's flag engine against it with short timings, so a test waits for the SDK's
// own events (a refresh, a metrics post) rather than for its production intervals.
import { startUnleashFake, FAKE_UNLEASH_TOKEN, type FakeFeature, type UnleashFake } from "@/emulators/unleash/server";
import { resetEnvCache } from "@/lib/env";
import { startServerFlags, stopFlags } from "@/lib/flags/flags";

const ENV_KEYS = ["UNLEASH_URL", "UNLEASH_API_TOKEN", "UNLEASH_APP_NAME"] as const;

export type UnleashHarness = UnleashFake & { stop(): Promise<void> };

export async function startUnleashHarness(features: FakeFeature[], timing = { refreshMs: 50, metricsMs: 50 }): Promise<UnleashHarness> {
  const fake = await startUnleashFake({ features });
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  Object.assign(process.env, { UNLEASH_URL: fake.url, UNLEASH_API_TOKEN: FAKE_UNLEASH_TOKEN, UNLEASH_APP_NAME: "guildhall-test" });
  resetEnvCache();
  startServerFlags(timing);
  return {
    ...fake,
    async stop() {
      stopFlags();
      await fake.close();
      for (const key of ENV_KEYS) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetEnvCache();
    },
  };
}
