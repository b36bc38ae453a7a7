import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { CHANNEL_TYPES_BY_UI } from "../channel-uis";
import { ApiError, fieldsError } from "@/lib/http/api-error";
import { playerEventStream } from "@/lib/music/event-stream";
import { readPlayer, runCommand, type Outcome } from "@/lib/music/player";
import * as queue from "@/lib/music/queue";
import type { FoundTrack } from "@/lib/music/state";
import { searchTracks, trackByLink } from "@/lib/music/tracks";
import { guildIdParams, snowflake } from "@/lib/platform/snowflake";
import { fieldIssue } from "@/lib/validation/server-messages";
import { inputText } from "@/lib/validation/text";
import type { Db } from "@/lib/db/client";
import { endpoint, itemParams, type PluginEndpoint } from "../endpoint";
import { url as link } from "../fields";
import { readPluginState } from "../plugin-states";
import { music } from "./definition";

// The music player (spec 7: search, tracks, queue, join, play, resume, pause, next, previous,
// tracks/{id}/move; spec 3: url, first, index, channel_id, q). Every command answers with the
// player's whole state, which every open dashboard also receives from GET …/events. No page
// shows the player's state (the island reads it live), so commands keep the cached pages.

const base = "/music/guilds/:guildId";
const MAX_QUEUE = 500;

const bodies = {
  track: z.strictObject({ url: link, first: z.boolean().default(false) }),
  play: z
    .strictObject({ url: link.optional(), index: z.number().int().min(0).max(MAX_QUEUE - 1).optional() })
    .refine((body) => body.url === undefined || body.index === undefined, { path: ["index"], message: "give url or index, not both" }),
  move: z.strictObject({ index: z.number().int().min(0).max(MAX_QUEUE - 1) }),
  join: z.strictObject({ channel_id: snowflake.nullable() }),
};

/** What the bot needs to play (or stop) after a transport command. */
function playback(draft: queue.Draft): Record<string, unknown> {
  const track = draft.tracks[queue.currentIndex(draft)];
  return { status: draft.status, track_id: track?.id ?? null, url: track?.url ?? null, position_ms: Math.round(draft.positionMs), voice_channel_id: draft.voiceChannelId };
}

async function limits(db: Db, guildId: string) {
  const config = music.configSchema.parse((await readPluginState(db, guildId, music)).config);
  return { maxTracks: config.max_queue_length, maxMinutes: config.max_song_minutes };
}

/**
 * The track behind `url`, within the plugin's song length (400 otherwise). A track whose host
 * does not tell its length goes in: the bot, which streams it, keeps to the limit.
 */
async function resolveTrack(db: Db, guildId: string, url: string): Promise<{ track: FoundTrack; maxTracks: number }> {
  const [track, { maxTracks, maxMinutes }] = await Promise.all([trackByLink(url, "url"), limits(db, guildId)]);
  if (!track) throw fieldsError([fieldIssue("url", "unknown_track")], "body");
  if (track.duration_ms !== null && track.duration_ms > maxMinutes * 60_000) throw fieldsError([fieldIssue("url", "track_too_long", { max: maxMinutes })], "body");
  return { track, maxTracks };
}

function enqueue(draft: queue.Draft, track: FoundTrack, maxTracks: number, first: boolean, userId: string): { id: string; index: number } {
  if (draft.tracks.length >= maxTracks) throw new ApiError(409, "queue_full", "The queue is full.", [fieldIssue("url", "queue_full", { max: maxTracks })]);
  const id = crypto.randomUUID();
  const index = queue.addTrack(draft, { id, title: track.title, artist: track.artist, url: track.url, durationMs: track.duration_ms, thumbnail: track.thumbnail, addedBy: userId }, first);
  return { id, index };
}

function trackNotFound(): ApiError {
  return new ApiError(404, "track_not_found", "This track is no longer in the queue.");
}

/** A command without a body that only moves playback (pause, resume, next, previous). */
function transport(name: "pause" | "resume" | "next" | "previous", step: (draft: queue.Draft, now: number) => void): PluginEndpoint {
  return endpoint({
    method: "POST",
    path: `${base}/${name}`,
    plugin: music.id,
    keepsPages: true,
    params: guildIdParams,
    handler: ({ db, params, access }) =>
      runCommand(db, params.guildId, access.userId, (draft, now) => {
        step(draft, now);
        return { command: name, payload: playback(draft) };
      }),
  });
}

const readState = (path: string) =>
  endpoint({ method: "GET", path: `${base}/${path}`, plugin: music.id, params: guildIdParams, handler: ({ db, params }) => readPlayer(db, params.guildId) });

export function musicEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "GET",
      path: `${base}/search`,
      plugin: music.id,
      params: guildIdParams,
      // Words, or a pasted link (they run long: tracking parameters).
      query: z.object({ q: inputText().trim().min(1).max(500) }),
      budget: "provider-search",
      handler: async ({ query }) => ({ tracks: await searchTracks(query.q) }),
    }),
    // "state" for the dashboard, "queue" as spec 7 names it: the same answer.
    readState("state"),
    readState("queue"),
    endpoint({
      method: "GET",
      path: `${base}/events`,
      plugin: music.id,
      params: guildIdParams,
      handler: ({ db, params, req, session }) => playerEventStream(params.guildId, session, () => readPlayer(db, params.guildId), req.signal),
    }),
    endpoint({
      method: "POST",
      path: `${base}/tracks`,
      plugin: music.id,
      keepsPages: true,
      params: guildIdParams,
      body: bodies.track,
      handler: async ({ db, params, body, access }) => {
        const { track, maxTracks } = await resolveTrack(db, params.guildId, body.url);
        let added = { id: "", index: -1 };
        const state = await runCommand(db, params.guildId, access.userId, (draft): Outcome => {
          added = enqueue(draft, track, maxTracks, body.first, access.userId);
          const after = { track_id: added.id, url: track.url, title: track.title, index: added.index };
          return { command: "enqueue", payload: after, audit: { target: "music:queue", before: null, after } };
        });
        return NextResponse.json({ ...state, added_id: added.id }, { status: 201 });
      },
    }),
    endpoint({
      method: "DELETE",
      path: `${base}/tracks/:itemId`,
      plugin: music.id,
      keepsPages: true,
      params: itemParams,
      handler: ({ db, params, access }) =>
        runCommand(db, params.guildId, access.userId, (draft, now): Outcome => {
          const track = draft.tracks.find((item) => item.id === params.itemId);
          if (!track || !queue.removeTrack(draft, params.itemId, now)) throw trackNotFound();
          const before = { track_id: track.id, url: track.url, title: track.title };
          return { command: "remove", payload: { track_id: track.id, playing: playback(draft) }, audit: { target: "music:queue", before, after: null } };
        }),
    }),
    endpoint({
      method: "POST",
      path: `${base}/tracks/:itemId/move`,
      plugin: music.id,
      keepsPages: true,
      params: itemParams,
      body: bodies.move,
      handler: ({ db, params, body, access }) =>
        runCommand(db, params.guildId, access.userId, (draft): Outcome => {
          const from = draft.tracks.findIndex((item) => item.id === params.itemId);
          if (from < 0 || !queue.moveTrack(draft, params.itemId, body.index)) throw trackNotFound();
          const to = draft.tracks.findIndex((item) => item.id === params.itemId);
          return { command: "move", payload: { track_id: params.itemId, index: to }, audit: { target: "music:queue", before: { track_id: params.itemId, index: from }, after: { track_id: params.itemId, index: to } } };
        }),
    }),
    endpoint({
      method: "POST",
      path: `${base}/play`,
      plugin: music.id,
      keepsPages: true,
      params: guildIdParams,
      body: bodies.play,
      handler: async ({ db, params, body, access }) => {
        const resolved = body.url === undefined ? null : await resolveTrack(db, params.guildId, body.url);
        return runCommand(db, params.guildId, access.userId, (draft, now): Outcome => {
          if (resolved) queue.playIndex(draft, enqueue(draft, resolved.track, resolved.maxTracks, true, access.userId).index, now);
          else if (body.index !== undefined) queue.playIndex(draft, body.index, now);
          else queue.play(draft, now);
          return { command: "play", payload: playback(draft) };
        });
      },
    }),
    transport("pause", queue.pause),
    transport("resume", queue.resume),
    transport("next", queue.next),
    transport("previous", queue.previous),
    endpoint({
      method: "POST",
      path: `${base}/join`,
      plugin: music.id,
      keepsPages: true,
      params: guildIdParams,
      body: bodies.join,
      handler: async ({ db, params, body, access }) => {
        if (body.channel_id !== null) {
          const channel = (await getGuildPickers(params.guildId)).channels.find((item) => item.id === body.channel_id);
          if (!channel) throw fieldsError([fieldIssue("channel_id", "unknown_channel")], "body");
          if (!CHANNEL_TYPES_BY_UI.voice_channel.includes(channel.type)) throw fieldsError([fieldIssue("channel_id", "wrong_channel_type")], "body");
        }
        return runCommand(db, params.guildId, access.userId, (draft, now): Outcome => {
          const before = draft.voiceChannelId;
          queue.setVoiceChannel(draft, body.channel_id, now);
          const command = body.channel_id === null ? "leave" : "join";
          return { command, payload: { channel_id: body.channel_id, playing: playback(draft) }, audit: { target: "music:voice", before: { channel_id: before }, after: { channel_id: body.channel_id } } };
        });
      },
    }),
  ];
}
