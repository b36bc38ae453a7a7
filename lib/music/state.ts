// The music player as the API and the live stream send it (client-safe: the island imports it).

export type PlayerStatus = "playing" | "paused" | "stopped";

export type QueueTrack = {
  id: string;
  title: string;
  artist: string;
  url: string;
  /** Null when the host does not tell (SoundCloud, Spotify, a YouTube link without the API key, a live stream). */
  duration_ms: number | null;
  thumbnail: string | null;
  added_by: string;
};

export type PlayerState = {
  /** Grows with every change: a browser drops any state older than the one it shows. */
  version: number;
  status: PlayerStatus;
  voice_channel_id: string | null;
  /** Played and coming tracks in order; `current_index` points at the one playing (or paused), -1 when none. */
  tracks: QueueTrack[];
  current_index: number;
  /** Progress of the current track at `started_at` (playing) or where it is paused. */
  position_ms: number;
  /** ISO instant playback (re)started from `position_ms`; null unless playing. */
  started_at: string | null;
  /** The server's clock when this state was read, so a browser can correct its own. */
  server_time: string;
};

/** A search result or a resolved link (lib/music/tracks.ts): its `url` is what POST tracks accepts. */
export type FoundTrack = { title: string; artist: string; url: string; duration_ms: number | null; thumbnail: string | null };

/** Progress of the current track at `now` (ms since the epoch, in the server's clock), capped at its length when it has one. */
export function progressAt(state: Pick<PlayerState, "status" | "position_ms" | "started_at" | "tracks" | "current_index">, now: number): number {
  const track = state.tracks[state.current_index];
  if (!track) return 0;
  const elapsed = state.status === "playing" && state.started_at ? state.position_ms + (now - Date.parse(state.started_at)) : state.position_ms;
  return Math.max(0, Math.min(track.duration_ms ?? Infinity, elapsed));
}
