import "server-only";
import { getEnv } from "@/lib/env";
import { enabledToggles } from "@/lib/flags/is-flag-enabled";
import { FlagsProvider } from "./flags-provider";

/**
 * Flags for a guild page's islands, bootstrapped with the server's answer for the guild (so
 * they are right at first paint). The page is cached for everyone who manages the guild, so it
 * is evaluated without the viewer; the browser's client then asks with the viewer's context.
 */
export async function PageFlags({ guildId, children }: { guildId: string; children: React.ReactNode }) {
  const bootstrap = await enabledToggles({ guildId });
  return (
    <FlagsProvider appName={getEnv().UNLEASH_APP_NAME} guildId={guildId} bootstrap={bootstrap}>
      {children}
    </FlagsProvider>
  );
}
