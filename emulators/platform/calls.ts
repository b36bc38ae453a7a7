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

export interface CallStats {
  total: number;
  byRoute: Record<string, number>;
}

export class CallCounter {
  private total = 0;
  private readonly byRoute = new Map<string, number>();

  record(key: string): void {
    this.total += 1;
    this.byRoute.set(key, (this.byRoute.get(key) ?? 0) + 1);
  }

  snapshot(): CallStats {
    return { total: this.total, byRoute: Object.fromEntries(this.byRoute) };
  }

  reset(): void {
    this.total = 0;
    this.byRoute.clear();
  }
}
