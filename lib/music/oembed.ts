import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { guardedFetch, OutboundError, type GuardedResponse } from "@/lib/http/guarded-fetch";
import { inputText } from "@/lib/validation/text";
import type { LinkHost, MusicLink } from "./links";

// A pasted link's title, artist and picture from its host's public oEmbed endpoint (keyless),
// at the origin lib/env.ts gives each host. Through the guarded fetch: the address carries the
// user's link, and an endpoint set to an inner address must not turn us into a proxy. Hosts
// that do not know the link (404, or 400/401/403 for private and broken ones) give null.

export type LinkedTrack = { title: string; artist: string; thumbnail: string | null; seconds: number | null };

const NAMES: Record<LinkHost, string> = { youtube: "YouTube", soundcloud: "SoundCloud", spotify: "Spotify", vimeo: "Vimeo" };
const UNKNOWN_STATUSES = new Set([400, 401, 403, 404]);
/** Hosts' 429 answers do not reach us with their Retry-After (the guarded fetch keeps no headers of refusals). */
const RATE_RETRY_SECONDS = 60;
const LIMITS = { maxBytes: 64 * 1024, timeoutMs: 5000 };

// Spotify names no author; Vimeo alone gives the length (seconds).
const answer = z.object({
  title: inputText().trim().min(1),
  author_name: inputText().trim().optional(),
  thumbnail_url: inputText().optional(),
  duration: z.number().int().min(0).optional(),
});

function endpointOf(host: LinkHost): string {
  const env = getEnv();
  return { youtube: env.YOUTUBE_OEMBED_URL, soundcloud: env.SOUNDCLOUD_OEMBED_URL, spotify: env.SPOTIFY_OEMBED_URL, vimeo: env.VIMEO_OEMBED_URL }[host];
}

export async function oembedTrack(link: MusicLink): Promise<LinkedTrack | null> {
  const name = NAMES[link.host];
  const address = new URL(endpointOf(link.host));
  address.searchParams.set("url", link.url);
  address.searchParams.set("format", "json");
  let response: GuardedResponse;
  try {
    response = await guardedFetch(address.href, { ...LIMITS, headers: { accept: "application/json" } });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.kind === "bad_status" && UNKNOWN_STATUSES.has(error.status ?? 0)) return null;
    if (error.kind === "bad_status" && error.status === 429) {
      throw new ApiError(429, "provider_rate_limited", `${name} asks us to slow down. Try again in a moment.`, undefined, RATE_RETRY_SECONDS);
    }
    throw new ApiError(503, "provider_unavailable", `${name} is not answering (${error.message}). Try again in a moment.`);
  }
  const parsed = answer.safeParse(parseJson(response.body));
  if (!parsed.success) throw new ApiError(502, "provider_bad_answer", `${name} gave an answer we could not read. Try again later.`);
  const { title, author_name: author = "", thumbnail_url: thumbnail, duration } = parsed.data;
  return {
    // SoundCloud titles its tracks "Flickermood by Forss".
    title: author && title.endsWith(` by ${author}`) ? title.slice(0, -` by ${author}`.length) : title,
    artist: author,
    thumbnail: thumbnail && /^https?:\/\//.test(thumbnail) ? thumbnail : null,
    seconds: duration ? duration : null,
  };
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}
