import "server-only";
import type { FlagContext } from "@/lib/flags/context";
import { isFlagEnabled } from "@/lib/flags/is-flag-enabled";

/**
 * Its children only while the flag is on, decided on the server: nothing appears or vanishes
 * after the page is drawn. On a cached page, pass only what the page is drawn from (its guild).
 */
export async function WhenFlag({ name, context, children }: { name: string; context: FlagContext; children: React.ReactNode }) {
  return (await isFlagEnabled(name, context)) ? children : null;
}
