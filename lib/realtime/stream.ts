import "server-only";
import { eventStreamResponse } from "@/lib/http/event-stream-response";
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import type { Locale } from "@/lib/i18n/locales";
import { claimStreamSlot } from "@/lib/live/stream-slots";
import { latestNotificationId, notificationCounts, notificationsAfter, type NotificationCounts } from "@/lib/notifications/store";
import { notificationViews } from "@/lib/notifications/view";
import type { Session } from "@/lib/session/session-cookie";
import { watchSessionEnd } from "@/lib/session/session-ends";
import { sessionIsLive } from "@/lib/session/store";
import { guildTopic, realtimeHub, streamTopic, userTopic, type RealtimeMessage } from "./hub";
import { EVENTS, OP, type ClientMessage } from "./opcodes";

// GET /api/realtime: one Server-Sent Events stream per signed-in tab, speaking the spec's opcodes
// (spec 4) as `data:` lines of `{ op, d, t?, s? }`:
// - HELLO first, with the heartbeat interval and this stream's id;
// - the tab posts IDENTIFY (the guild page it shows, checked there: app/api/realtime/messages/route.ts) and
//   a HEARTBEAT every interval to /api/realtime/messages; each heartbeat is answered here with
//   HEARTBEAT_ACK. A stream that hears no heartbeat for two intervals is closed (the tab is gone);
//   the browser that misses an ACK closes and reconnects (components/realtime/connection.ts);
// - DISPATCH events: READY (the counts, after IDENTIFY), NOTIFICATION_CREATE, NOTIFICATION_COUNTS,
//   GUILD_SETTINGS_UPDATE (of the identified guild).
// What reaches it comes through lib/live's hub, so an event on any instance reaches a tab on any
// other (with REDIS_URL). It belongs to its session: ended at once when the session ends
// (sign-out), at the next heartbeat once the session's record refuses it, and after
// MAX_STREAM_MS in any case (the browser reconnects, and its guild is checked again).

export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Heartbeat intervals without a heartbeat before the stream is closed. */
const MISSED_BEATS_LIMIT = 2;
const MAX_STREAM_MS = 15 * 60_000;
/** A session's tabs: one stream each; more is refused with 429 (each stream holds timers and subscriptions). */
export const MAX_STREAMS_PER_SESSION = 8;
/** Notifications sent per pull: a tab that missed more reads them in the list. */
const PULL_LIMIT = 20;

const encoder = new TextEncoder();

/** Runs `tick` every `ms` until the returned stop; tests drive the beats themselves. */
export type Every = (tick: () => void, ms: number) => () => void;
const everyInterval: Every = (tick, ms) => {
  const timer = setInterval(tick, ms);
  return () => clearInterval(timer);
};

export type StreamOptions = { heartbeatMs?: number; every?: Every };

export async function openRealtimeStream(db: Db, session: Session, locale: Locale, signal: AbortSignal, options: StreamOptions = {}): Promise<Response> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS;
  const every = options.every ?? everyInterval;
  const release = claimStreamSlot("realtime", session.sid, MAX_STREAMS_PER_SESSION, () => tooManyStreams());
  const streamId = randomBytes(16).toString("base64url");
  const hub = realtimeHub();
  const cleanups: Array<() => void> = [release];
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let stopped = false;
  let sequence = 0;
  let guild: { id: string; unsubscribe: () => void } | null = null;
  let heard = true;
  let missed = 0;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    guild?.unsubscribe();
    for (const cleanup of cleanups.splice(0)) cleanup();
    signal.removeEventListener("abort", stop);
  };
  /** Ends the stream from this side: the browser reconnects, or learns it is signed out. */
  const end = () => {
    stop();
    try {
      controller.close();
    } catch {
      // Already closed or cancelled by the browser.
    }
  };
  const send = (payload: object) => {
    if (stopped) return;
    try {
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(payload)}\n\n`));
    } catch {
      stop();
    }
  };
  const dispatch = (t: string, d: object) => send({ op: OP.DISPATCH, t, s: ++sequence, d });

  // Notifications: only those newer than the stream's start are sent as new (the list shows the rest).
  let lastId = await latestNotificationId(db, session.userId);
  let lastCounts: NotificationCounts | null = null;
  let pulling = Promise.resolve();
  const pull = () => {
    pulling = pulling.then(async () => {
      if (stopped) return;
      const rows = await notificationsAfter(db, session.userId, lastId, PULL_LIMIT);
      const counts = await notificationCounts(db, session.userId);
      const views = await notificationViews(rows, locale);
      for (const view of views) {
        lastId = Math.max(lastId, view.id);
        dispatch(EVENTS.NOTIFICATION_CREATE, { notification: view, ...counts });
      }
      if (views.length === 0 && lastCounts && (lastCounts.unread !== counts.unread || lastCounts.unseen !== counts.unseen)) dispatch(EVENTS.NOTIFICATION_COUNTS, counts);
      lastCounts = counts;
    }).catch((error) => console.error("[realtime] could not read notifications", error));
    return pulling;
  };

  const identify = async (guildId: string | null) => {
    if (guild?.id !== guildId) {
      guild?.unsubscribe();
      guild = null;
      if (guildId) {
        const unsubscribe = await hub.subscribe(guildTopic(guildId), (message) => message.type === "guild_settings" && dispatch(EVENTS.GUILD_SETTINGS_UPDATE, message.update));
        if (stopped) unsubscribe();
        else guild = { id: guildId, unsubscribe };
      }
    }
    lastCounts = await notificationCounts(db, session.userId);
    dispatch(EVENTS.READY, { guild_id: guildId, ...lastCounts });
  };

  const onClient = (message: ClientMessage) => {
    heard = true;
    if (message.op === OP.HEARTBEAT) {
      send({ op: OP.HEARTBEAT_ACK, d: { seq: message.d.seq } });
      // A signal lost on the way (another instance without Redis) is caught up here.
      void pull();
    } else void identify(message.d.guild_id).catch((error) => console.error("[realtime] could not identify", error));
  };

  const onMessage = (message: RealtimeMessage) => {
    if (message.type === "notifications") void pull();
    // Only this session's tab may speak for its stream.
    else if (message.type === "client" && message.sid === session.sid) onClient(message.message);
  };
  try {
    cleanups.push(await hub.subscribe(userTopic(session.userId), onMessage, () => void pull()));
    cleanups.push(await hub.subscribe(streamTopic(streamId), onMessage));
  } catch (error) {
    stop();
    throw error;
  }

  const body = new ReadableStream<Uint8Array>({
    start(opened) {
      controller = opened;
      // The browser's EventSource waits this long before reconnecting by itself; ours reconnects with its own backoff first.
      opened.enqueue(encoder.encode("retry: 5000\n\n"));
      send({ op: OP.HELLO, d: { heartbeat_interval: heartbeatMs, stream_id: streamId } });
      cleanups.push(
        every(() => {
          if (heard) missed = 0;
          else if (++missed >= MISSED_BEATS_LIMIT) return end();
          heard = false;
          // A failing database is not a sign-out: the stream stays until the next check.
          void sessionIsLive(session).then((live) => live || end(), () => undefined);
        }, heartbeatMs),
      );
      const lifetime = setTimeout(end, MAX_STREAM_MS);
      cleanups.push(() => clearTimeout(lifetime));
      cleanups.push(watchSessionEnd(session, end));
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop);
    },
    cancel() {
      stop();
    },
  });
  return eventStreamResponse(body);
}

function tooManyStreams(): ApiError {
  return new ApiError(429, "too_many_streams", `This sign-in already has ${MAX_STREAMS_PER_SESSION} live connections open. Close another dashboard tab, then reload.`, undefined, 30);
}
