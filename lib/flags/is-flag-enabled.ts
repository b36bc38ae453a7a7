import "server-only";
import { unleashContext, type FlagContext } from "./context";
import type { FrontendToggle } from "./engine";
import { flagEngine } from "./flags";

// Flags read on the server (server components, route handlers). A cached page is the same for
// everyone who may see it, so it passes only what the page itself is drawn from (its guild),
// never the viewer.

/** Whether the flag is on for this context; an unknown flag, or flags that failed to load, read as off. */
export async function isFlagEnabled(name: string, context: FlagContext = {}): Promise<boolean> {
  return (await flagEngine()).isEnabled(name, unleashContext(context));
}

/** Every enabled flag for this context, as the frontend API answers: the browser flag client's bootstrap. */
export async function enabledToggles(context: FlagContext = {}): Promise<FrontendToggle[]> {
  return (await flagEngine()).frontendToggles(unleashContext(context));
}
