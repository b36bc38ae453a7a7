import type { ServerResponse } from "node:http";
import { sendJson } from "../platform/http";
import { searchCatalog, trackByUrl } from "./catalog";

// The catalogue's HTTP API, mounted at /music by the emulator's server:
//   GET /music/search?q=…&limit=…   → { tracks: [...] }
//   GET /music/tracks?url=…         → the track, or 404 when the catalogue does not hold it
export function handleMusic(res: ServerResponse, url: URL, method: string): void {
  if (method !== "GET") return sendJson(res, 405, { error: "method_not_allowed" }, { Allow: "GET" });
  if (url.pathname === "/music/search") {
    const query = url.searchParams.get("q") ?? "";
    const limit = Math.min(50, Math.max(1, Number(url.searchParams.get("limit")) || 10));
    return sendJson(res, 200, { tracks: searchCatalog(query, limit) });
  }
  if (url.pathname === "/music/tracks") {
    const track = trackByUrl(url.searchParams.get("url") ?? "");
    return track ? sendJson(res, 200, track) : sendJson(res, 404, { error: "unknown_track" });
  }
  sendJson(res, 404, { error: "not_found" });
}
