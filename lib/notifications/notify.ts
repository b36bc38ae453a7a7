import "server-only";
import type { Db } from "@/lib/db/client";
import { managesGuildNow } from "@/lib/guilds/access";
import { PlatformError } from "@/lib/platform/errors";
import { signalNotifications } from "@/lib/realtime/hub";
import type { NotificationKind, NotificationParams } from "./kinds";
import { forgetManager, knownManagers } from "./managers";
import { addNotifications } from "./store";

// A guild's event told to the people who manage it (a delivery failing, an alert paused, the
// custom bot blocked, a teammate's change): the managers we know (./managers.ts), each checked
// again through the bot's view now, so nobody who lost the right hears about the guild. Runs
// after the event's own transaction committed: it asks the platform (cached), which no
// transaction should wait for. A failure here never undoes or fails the event: it is logged.

export type GuildEvent = { guildId: string; kind: NotificationKind; params: NotificationParams; /** The manager who caused it: not told. */ except?: string };

export async function notifyGuildManagers(db: Db, event: GuildEvent): Promise<string[]> {
  try {
    const candidates = await knownManagers(db, event.guildId, event.except);
    const verdicts = await Promise.all(candidates.map(async (userId) => ({ userId, manages: await stillManages(db, event.guildId, userId) })));
    const recipients = verdicts.filter((verdict) => verdict.manages).map((verdict) => verdict.userId);
    const told = await addNotifications(
      db,
      recipients.map((userId) => ({ userId, kind: event.kind, guildId: event.guildId, params: event.params })),
    );
    await signalNotifications(told);
    return told;
  } catch (error) {
    console.error("[notifications] could not notify the managers of guild", event.guildId, error);
    return [];
  }
}

/** Checked now; a platform that does not answer tells nobody (rather than someone who left). */
async function stillManages(db: Db, guildId: string, userId: string): Promise<boolean> {
  try {
    if (await managesGuildNow(guildId, userId)) return true;
    await forgetManager(db, guildId, userId);
    return false;
  } catch (error) {
    if (error instanceof PlatformError && (error.kind === "forbidden" || error.kind === "not_found")) return false;
    console.error("[notifications] could not check a manager of guild", guildId, error);
    return false;
  }
}
