import type { ProviderId } from "./types";

// The variables each provider's alert messages may use (`{streamer}`, `{title}`…), in the order
// the message editor's `{` menu lists them. Client-safe: the editor and the adapters share it, so
// an adapter's LatestItem.values and the menu name the same things. Their one-line descriptions
// are in messages/<locale>.json under "pluginVariables" (lib/plugins/variables.ts adds the other plugins' own).

const LIVE = ["streamer", "title", "url", "game", "thumbnail", "viewers"] as const;
const POST = ["author", "title", "link", "published"] as const;

export const PROVIDER_VARIABLES = {
  twitch: LIVE,
  kick: LIVE,
  youtube: [...POST, "thumbnail"],
  reddit: [...POST, "subreddit"],
  twitter: POST,
  tiktok: POST,
  instagram: POST,
  rss: [...POST, "feed"],
  podcasts: [...POST, "feed", "audio"],
} as const satisfies Record<ProviderId, readonly string[]>;

export type ProviderVariable = (typeof PROVIDER_VARIABLES)[ProviderId][number];

export function isProviderId(id: string): id is ProviderId {
  return Object.hasOwn(PROVIDER_VARIABLES, id);
}
