import type { Context } from "unleash-client";

// What a flag is evaluated for (spec 7: userId plus analyticsId, sessionId, guildId, staff).
// Unleash knows userId and sessionId; the rest travel as custom context fields (properties),
// the names a strategy's constraints refer to. Every value comes from the server (the session,
// the user's row, a checked guild), never from what a caller says about itself.

export type FlagContext = {
  userId?: string;
  /** The browser's session id (lib/http/session-id.ts). */
  sessionId?: number;
  analyticsId?: string;
  guildId?: string;
  /** Bit 2 of the user's flags (lib/users/user-entity.ts). */
  staff?: boolean;
};

export function unleashContext(context: FlagContext): Context {
  const properties = defined({ analyticsId: context.analyticsId, guildId: context.guildId, staff: context.staff === undefined ? undefined : String(context.staff) });
  return { ...defined({ userId: context.userId, sessionId: context.sessionId === undefined ? undefined : String(context.sessionId) }), properties };
}

function defined(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
