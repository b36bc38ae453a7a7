// Why: the point of the platform cache is that page loads with warm caches do
// not turn into Discord API calls; the emulator counts every upstream call, so
// a before/after snapshot shows how many calls the load test caused.

/** Calls per route template ("GET /guilds/:id") and per resource ("GET /guilds/123 as bot"). */
export type CallStats = { total: number; byRoute: Record<string, number>; byResource: Record<string, number> };

export async function upstreamCalls(emulatorUrl: string): Promise<CallStats> {
  const response = await fetch(`${emulatorUrl}/__emulator/calls`);
  if (!response.ok) throw new Error(`GET ${emulatorUrl}/__emulator/calls answered ${response.status}`);
  return (await response.json()) as CallStats;
}

/** after − before, keeping only routes and resources that were called in between. */
export function callDelta(before: CallStats, after: CallStats): CallStats {
  return { total: after.total - before.total, byRoute: countDelta(before.byRoute, after.byRoute), byResource: countDelta(before.byResource, after.byResource) };
}

function countDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const [key, count] of Object.entries(after)) {
    const change = count - (before[key] ?? 0);
    if (change !== 0) delta[key] = change;
  }
  return delta;
}
