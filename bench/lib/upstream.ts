// Why: the point of the platform cache is that page loads with warm caches do
// not turn into Discord API calls; the emulator counts every upstream call, so
// a before/after snapshot shows how many calls the load test caused.

export type CallStats = { total: number; byRoute: Record<string, number> };

export async function upstreamCalls(emulatorUrl: string): Promise<CallStats> {
  const response = await fetch(`${emulatorUrl}/__emulator/calls`);
  if (!response.ok) throw new Error(`GET ${emulatorUrl}/__emulator/calls answered ${response.status}`);
  return (await response.json()) as CallStats;
}

/** after − before, keeping only routes that were called in between. */
export function callDelta(before: CallStats, after: CallStats): CallStats {
  const byRoute: Record<string, number> = {};
  for (const [route, count] of Object.entries(after.byRoute)) {
    const delta = count - (before.byRoute[route] ?? 0);
    if (delta !== 0) byRoute[route] = delta;
  }
  return { total: after.total - before.total, byRoute };
}
