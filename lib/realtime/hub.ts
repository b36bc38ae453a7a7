import "server-only";
import { topicHub } from "@/lib/live/hub";
import type { ClientMessage, GuildSettingsUpdate } from "./opcodes";

// What reaches the realtime streams of every instance (lib/live/hub.ts: Redis pub/sub with
// REDIS_URL, this process without). Three kinds of topic:
// - `user:{id}`: "your notifications changed": each stream of the user reads what it has not sent
//   yet from the database, so a signal carries no data and a duplicate or a lost one is harmless
//   (streams read again at each heartbeat and after a Redis outage);
// - `guild:{id}`: a saved change of the guild's settings, for the tabs that identified with it;
// - `stream:{id}`: a message the browser posted (IDENTIFY, HEARTBEAT), which may arrive at another
//   instance than the one holding its stream; it carries the poster's session id, and a stream
//   takes only its own session's messages.

export type RealtimeMessage =
  | { type: "notifications" }
  | { type: "guild_settings"; update: GuildSettingsUpdate }
  | { type: "client"; sid: string; message: ClientMessage };

export const realtimeHub = () => topicHub<RealtimeMessage>("realtime");

export const userTopic = (userId: string) => `user:${userId}`;
export const guildTopic = (guildId: string) => `guild:${guildId}`;
export const streamTopic = (streamId: string) => `stream:${streamId}`;

/** Tells these users' open tabs that their notifications changed (added, read, seen). */
export async function signalNotifications(userIds: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(userIds)].map((userId) => realtimeHub().publish(userTopic(userId), { type: "notifications" })));
}

export function publishGuildSettingsUpdate(update: GuildSettingsUpdate): Promise<void> {
  return realtimeHub().publish(guildTopic(update.guild_id), { type: "guild_settings", update });
}

/** A browser's message for its stream, wherever that stream is open. */
export function sendToStream(streamId: string, sid: string, message: ClientMessage): Promise<void> {
  return realtimeHub().publish(streamTopic(streamId), { type: "client", sid, message });
}
