// Tests only: change settings for one test and make lib/env read them again.
import { resetEnvCache } from "@/lib/env";

export function setEnv(values: Record<string, string>): void {
  Object.assign(process.env, values);
  resetEnvCache();
}
