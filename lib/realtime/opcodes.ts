import { z } from "zod";
import { platformId } from "@/lib/platform/snowflake";
import { inputText } from "@/lib/validation/text";

// The realtime channel's messages (spec 4): `{ op, d }`, with `t` naming a DISPATCH's event.
// Server → browser over the event stream: HELLO (first, with the heartbeat interval and the
// stream's id), HEARTBEAT_ACK (answer to each HEARTBEAT), DISPATCH (events). Browser → server
// as POSTs to /api/realtime/messages: IDENTIFY (which guild page the tab shows) and HEARTBEAT.

export const OP = { HELLO: 0, IDENTIFY: 1, HEARTBEAT: 2, HEARTBEAT_ACK: 3, DISPATCH: 4 } as const;

export const EVENTS = {
  /** After IDENTIFY: the bell's counts now. */
  READY: "READY",
  /** A notification for this user: the row, its sentence in the stream's language, and the counts. */
  NOTIFICATION_CREATE: "NOTIFICATION_CREATE",
  /** The counts changed elsewhere (read or seen in another tab). */
  NOTIFICATION_COUNTS: "NOTIFICATION_COUNTS",
  /** Someone saved a setting of the guild this tab identified with. */
  GUILD_SETTINGS_UPDATE: "GUILD_SETTINGS_UPDATE",
} as const;

export const STREAM_ID = inputText().regex(/^[A-Za-z0-9_-]{22}$/);

/** What the browser posts. `d.guild_id` of IDENTIFY: null when the tab shows no guild. */
export const clientMessage = z.discriminatedUnion("op", [
  z.object({ op: z.literal(OP.IDENTIFY), d: z.object({ stream_id: STREAM_ID, guild_id: platformId("guild").nullable() }).strict() }).strict(),
  z.object({ op: z.literal(OP.HEARTBEAT), d: z.object({ stream_id: STREAM_ID, seq: z.number().int().min(0).max(1e9) }).strict() }).strict(),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/** A saved change of a guild's settings, as every tab on that guild hears it. */
export type GuildSettingsUpdate = {
  guild_id: string;
  /** The plugin whose settings changed, or null for the server's own settings. */
  plugin_id: string | null;
  /** The plugin's config version after the change, when the change was to its config. */
  version: number | null;
  user: { id: string; name: string };
};
