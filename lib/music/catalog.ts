import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { url as link } from "@/lib/plugins/fields";
import { inputText } from "@/lib/validation/text";
import type { CatalogTrack } from "./state";

// Client of the music search provider at MUSIC_CATALOG_URL (the emulator's /music in the
// demo and the tests). Its answers are parsed like any outside input: a provider that
// sends something else is "unavailable", never a 500 or a half-stored track.

const TIMEOUT_MS = 5000;

const track = z.object({
  title: inputText().min(1).max(300),
  artist: inputText().max(300),
  url: link,
  duration_ms: z.number().int().min(1).max(24 * 3600 * 1000),
  thumbnail: link.nullable(),
});

function unavailable(): ApiError {
  return new ApiError(503, "music_search_unavailable", "Track search is not available right now. Try again in a moment.");
}

async function request(path: string): Promise<Response> {
  const base = getEnv().MUSIC_CATALOG_URL;
  if (!base) throw unavailable();
  try {
    return await fetch(`${base}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { Accept: "application/json" } });
  } catch {
    throw unavailable();
  }
}

async function parsed<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const result = schema.safeParse(await response.json().catch(() => undefined));
  if (!result.success) throw unavailable();
  return result.data;
}

export async function searchCatalog(query: string, limit: number): Promise<CatalogTrack[]> {
  const response = await request(`/search?${new URLSearchParams({ q: query, limit: String(limit) })}`);
  if (!response.ok) throw unavailable();
  return (await parsed(response, z.object({ tracks: z.array(track) }))).tracks.map(pick);
}

/** The catalogue's track behind a link, or null when it holds none. */
export async function lookupTrack(url: string): Promise<CatalogTrack | null> {
  const response = await request(`/tracks?${new URLSearchParams({ url })}`);
  if (response.status === 404) return null;
  if (!response.ok) throw unavailable();
  return pick(await parsed(response, track));
}

function pick({ title, artist, url, duration_ms, thumbnail }: CatalogTrack): CatalogTrack {
  return { title, artist, url, duration_ms, thumbnail };
}
