// Tests only: change settings for one test and make lib/env read them again.
import { resetEnvCache } from "@/lib/env";

export function setEnv(values: Record<string, string>): void {
  Object.assign(process.env, values);
  resetEnvCache();
}

/** Removes settings a test set, and makes lib/env read the rest again. */
export function clearEnv(keys: readonly string[]): void {
  for (const key of keys) delete process.env[key];
  resetEnvCache();
}

/** Runs `run` with these settings changed (undefined unsets one), then puts them back as they were. */
export async function withEnv<T>(changes: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(changes).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  };
  apply(changes);
  try {
    return await run();
  } finally {
    apply(saved);
  }
}
