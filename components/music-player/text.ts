// The island's strings, handed over by the server section (templates keep their {placeholders}).

export const MUSIC_ERROR_CODES = [
  "queue_empty",
  "not_in_voice",
  "nothing_playing",
  "not_playing",
  "not_paused",
  "track_not_found",
  // Search (YouTube) and the hosts of pasted links.
  "provider_not_configured",
  "provider_unavailable",
  "provider_rate_limited",
  "provider_bad_answer",
  "failed",
] as const;
export type MusicErrorCode = (typeof MUSIC_ERROR_CODES)[number];

export type MusicPlayerText = {
  /** "{plugin} is switched off: …", "Turn {plugin} on", "{plugin} is on." (the collections' words). */
  pluginOff: string;
  turnOn: string;
  turnedOn: string;
  connecting: string;
  live: string;
  reconnecting: string;
  searchLabel: string;
  searchPlaceholder: string;
  searchHint: string;
  search: string;
  searching: string;
  noResults: string;
  /** "Results for “{query}”" */
  results: string;
  /** "Play “{title}” now" and the like: labels of the result buttons. */
  playNow: string;
  addToQueue: string;
  playNext: string;
  /** Their visible short labels. */
  playShort: string;
  nextShort: string;
  addShort: string;
  /** Shown while a command is on its way. */
  working: string;
  nowPlaying: string;
  nothingPlaying: string;
  /** "{elapsed} of {total}", and "{elapsed} played" for a track of unknown length. */
  progress: string;
  progressUnknown: string;
  unknownLength: string;
  play: string;
  pause: string;
  next: string;
  previous: string;
  voiceLabel: string;
  voicePlaceholder: string;
  join: string;
  leave: string;
  /** "The bot is in {channel}" */
  inChannel: string;
  notInChannel: string;
  noVoiceChannels: string;
  queueTitle: string;
  queueEmpty: string;
  queueHint: string;
  /** Track buttons: "{title}" is filled in. */
  moveUp: string;
  moveDown: string;
  playTrack: string;
  remove: string;
  confirmRemove: string;
  dragHandle: string;
  current: string;
  /** "Track {position} of {count}" */
  position: string;
  feedback: Record<"added" | "addedNext" | "playing" | "started" | "moved" | "removed" | "joined" | "left" | "paused" | "resumed" | "next" | "previous", string>;
  errors: Record<MusicErrorCode, string>;
};

/** 3:05, or 1:02:07 past an hour. */
export function clock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
