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
