import { createHash } from "node:crypto";

// Counts upstream calls per route so tests can assert on caching ("the second
// page load made no new call to GET /users/@me/guilds").

/**
 * "GET /guilds/:id/members/:id": method plus path with numeric segments as :id,
 * and the emoji of a reaction route as :emoji (one key for every emoji).
 */
export function routeKey(method: string, path: string): string {
  const segments = path.split("/");
  const template = segments
    .map((segment, index) => {
      if (index > 0 && segments[index - 1] === "reactions" && segment !== "") return ":emoji";
      return /^\d+$/.test(segment) ? ":id" : segment;
    })
    .join("/");
  return `${method.toUpperCase()} ${template}`;
}

/**
 * "GET /users/@me/guilds as bot": one thing read from the platform, whoever asks (the same
 * path read with the bot token and with a user's token are two different lists).
 */
export function resourceKey(method: string, path: string, authorization: string | undefined): string {
  const who = !authorization ? "anonymous" : authorization.startsWith("Bot ") ? "bot" : `user ${createHash("sha256").update(authorization).digest("hex").slice(0, 8)}`;
  return `${method.toUpperCase()} ${path} as ${who}`;
}

export interface CallStats {
  total: number;
  byRoute: Record<string, number>;
  byResource: Record<string, number>;
}

export class CallCounter {
  private total = 0;
  private readonly byRoute = new Map<string, number>();
  private readonly byResource = new Map<string, number>();

  record(route: string, resource: string): void {
    this.total += 1;
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
    this.byResource.set(resource, (this.byResource.get(resource) ?? 0) + 1);
  }

  snapshot(): CallStats {
    return { total: this.total, byRoute: Object.fromEntries(this.byRoute), byResource: Object.fromEntries(this.byResource) };
  }

  reset(): void {
    this.total = 0;
    this.byRoute.clear();
    this.byResource.clear();
  }
}
