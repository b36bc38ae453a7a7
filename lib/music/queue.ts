import { ApiError, fieldsError } from "@/lib/http/api-error";
import { fieldIssue } from "@/lib/validation/server-messages";
import type { PlayerStatus } from "./state";

// The player's rules, on a working copy of one guild's player (no I/O): the command
// endpoints load the copy under the guild's row lock, apply one of these, and save it.

export type DraftTrack = { id: string; title: string; artist: string; url: string; durationMs: number | null; thumbnail: string | null; addedBy: string };

export type Draft = {
  status: PlayerStatus;
  voiceChannelId: string | null;
  currentTrackId: string | null;
  positionMs: number;
  /** ms since the epoch; set exactly when playing. */
  startedAt: number | null;
  tracks: DraftTrack[];
};

/** `previous` within this much of a track's start goes back a track; later it starts the track again (as players do). */
export const RESTART_THRESHOLD_MS = 3000;

export const conflict = {
  queueEmpty: () => new ApiError(409, "queue_empty", "The queue is empty: add a track first."),
  notInVoice: () => new ApiError(409, "not_in_voice", "Choose a voice channel for the bot to join first."),
  nothingCued: () => new ApiError(409, "nothing_playing", "Nothing is playing."),
  notPlaying: () => new ApiError(409, "not_playing", "Nothing is playing, so there is nothing to pause."),
  notPaused: () => new ApiError(409, "not_paused", "The player is not paused."),
};

export function currentIndex(draft: Draft): number {
  return draft.currentTrackId === null ? -1 : draft.tracks.findIndex((track) => track.id === draft.currentTrackId);
}

export function elapsedMs(draft: Draft, now: number): number {
  return draft.status === "playing" && draft.startedAt !== null ? draft.positionMs + (now - draft.startedAt) : draft.positionMs;
}

function stop(draft: Draft): void {
  Object.assign(draft, { status: "stopped", currentTrackId: null, positionMs: 0, startedAt: null });
}

/** Cues a track from its start: playing when the player was playing (or `play`), paused otherwise. */
function cue(draft: Draft, trackId: string, now: number, play: boolean): void {
  const playing = play || draft.status === "playing";
  Object.assign(draft, { currentTrackId: trackId, positionMs: 0, status: playing ? "playing" : "paused", startedAt: playing ? now : null });
}

/**
 * Moves past every track that ended by `now` (the demo's stand-in for the bot reporting its
 * track ends): each next track starts the instant the previous one ended. A track of unknown
 * length plays until someone skips it (or the bot, which knows, reports its end). True when it changed.
 */
export function settle(draft: Draft, now: number): boolean {
  let changed = false;
  while (draft.status === "playing" && draft.startedAt !== null) {
    const index = currentIndex(draft);
    const track = draft.tracks[index];
    if (!track) {
      stop(draft);
      return true;
    }
    if (track.durationMs === null || elapsedMs(draft, now) < track.durationMs) break;
    const endedAt = draft.startedAt + (track.durationMs - draft.positionMs);
    const next = draft.tracks[index + 1];
    changed = true;
    if (!next) stop(draft);
    else Object.assign(draft, { currentTrackId: next.id, positionMs: 0, startedAt: endedAt });
  }
  return changed;
}

/** Puts a track at the end, or right after the current one (`first`). Returns its index. */
export function addTrack(draft: Draft, track: DraftTrack, first: boolean): number {
  const index = first ? currentIndex(draft) + 1 : draft.tracks.length;
  draft.tracks.splice(index, 0, track);
  return index;
}

/** Plays the track at `index` from its start (409 without a voice channel, 400 past the end). */
export function playIndex(draft: Draft, index: number, now: number): void {
  const track = draft.tracks[index];
  if (draft.tracks.length === 0) throw conflict.queueEmpty();
  if (!track) throw fieldsError([fieldIssue("index", "too_big", { max: draft.tracks.length - 1 })], "body");
  if (!draft.voiceChannelId) throw conflict.notInVoice();
  cue(draft, track.id, now, true);
}

/** Play with nothing named: resume what is paused, else start the cued track or the queue's first. */
export function play(draft: Draft, now: number): void {
  if (draft.status === "paused") return resume(draft, now);
  if (draft.status === "playing") return;
  playIndex(draft, 0, now);
}

export function pause(draft: Draft, now: number): void {
  if (draft.status !== "playing") throw conflict.notPlaying();
  Object.assign(draft, { positionMs: elapsedMs(draft, now), status: "paused", startedAt: null });
}

export function resume(draft: Draft, now: number): void {
  if (draft.status !== "paused") throw conflict.notPaused();
  if (!draft.voiceChannelId) throw conflict.notInVoice();
  Object.assign(draft, { status: "playing", startedAt: now });
}

/** The next track (keeping play or pause); past the last one the player stops. */
export function next(draft: Draft, now: number): void {
  const index = currentIndex(draft);
  if (index < 0) throw conflict.nothingCued();
  const following = draft.tracks[index + 1];
  if (following) cue(draft, following.id, now, false);
  else stop(draft);
}

/** Back a track near a track's start, else back to its start; after the queue ended, its last track. */
export function previous(draft: Draft, now: number): void {
  const index = currentIndex(draft);
  if (index < 0) {
    const last = draft.tracks.at(-1);
    if (!last) throw conflict.queueEmpty();
    return cue(draft, last.id, now, false);
  }
  const before = draft.tracks[index - 1];
  if (before && elapsedMs(draft, now) < RESTART_THRESHOLD_MS) cue(draft, before.id, now, false);
  else cue(draft, draft.tracks[index]!.id, now, false);
}

/** Moves a track to `to` (0-based, clamped to the queue); the current track stays current. */
export function moveTrack(draft: Draft, trackId: string, to: number): boolean {
  const from = draft.tracks.findIndex((track) => track.id === trackId);
  if (from < 0) return false;
  const [track] = draft.tracks.splice(from, 1);
  draft.tracks.splice(Math.min(to, draft.tracks.length), 0, track!);
  return true;
}

/** Removes a track; removing the current one cues the track after it (or stops). */
export function removeTrack(draft: Draft, trackId: string, now: number): boolean {
  const index = draft.tracks.findIndex((track) => track.id === trackId);
  if (index < 0) return false;
  const following = draft.tracks[index + 1];
  if (draft.currentTrackId === trackId) {
    if (following) cue(draft, following.id, now, false);
    else stop(draft);
  }
  draft.tracks.splice(index, 1);
  return true;
}

/** The bot leaves the voice channel (null) or moves to one; leaving pauses what was playing. */
export function setVoiceChannel(draft: Draft, channelId: string | null, now: number): void {
  if (channelId === null && draft.status === "playing") pause(draft, now);
  draft.voiceChannelId = channelId;
}
