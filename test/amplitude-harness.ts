// Tests only: starts the Amplitude fake (emulators/amplitude) on a free port and points lib/env
// at it (AMPLITUDE_API_KEY, AMPLITUDE_SERVER_URL); stop() puts the settings back.
import { FAKE_AMPLITUDE_KEY, startAmplitudeFake, type AmplitudeFake } from "@/emulators/amplitude/server";
import { resetEnvCache } from "@/lib/env";

const ENV_KEYS = ["AMPLITUDE_API_KEY", "AMPLITUDE_SERVER_URL"] as const;

export type AmplitudeHarness = AmplitudeFake & { stop(): Promise<void> };

export async function startAmplitudeHarness(): Promise<AmplitudeHarness> {
  const fake = await startAmplitudeFake();
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  Object.assign(process.env, { AMPLITUDE_API_KEY: FAKE_AMPLITUDE_KEY, AMPLITUDE_SERVER_URL: fake.url });
  resetEnvCache();
  return {
    ...fake,
    async stop() {
      await fake.close();
      for (const key of ENV_KEYS) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetEnvCache();
    },
  };
}
