// Why: a page nobody has opened since the last write (or ever) is drawn by the server while
// its visitor waits; that first render must stay cheap whatever the plugin. Measured one
// request at a time (no queueing in the figure), on a server that already drew the same
// pages in another language (its code loaded and compiled, the guild's platform data cached),
// so each figure is one page's own first render.
import { PLUGIN_IDS } from "../../lib/plugins/index";

export type FirstRenders = { pages: number; p50Ms: number; p99Ms: number; slowest: { path: string; ms: number }[]; failed: string[] };

export async function measureFirstRenders(appUrl: string, guildId: string, cookie: string, { warmLocale, locale }: { warmLocale: string; locale: string }): Promise<FirstRenders> {
  const paths = (lang: string) => [`/${lang}/dashboard/${guildId}`, ...PLUGIN_IDS.map((plugin) => `/${lang}/dashboard/${guildId}/${plugin}`)];
  const failed: string[] = [];
  const load = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${appUrl}${path}`, { headers: { cookie }, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) failed.push(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  for (const path of paths(warmLocale)) await load(path);
  const [overview, ...plugins] = paths(locale);
  await load(overview!);
  const timed: { path: string; ms: number }[] = [];
  for (const path of plugins) timed.push({ path, ms: await load(path) });
  const sorted = timed.map((entry) => entry.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    pages: timed.length,
    p50Ms: Math.round(at(0.5)),
    p99Ms: Math.round(at(0.99)),
    slowest: [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3).map((entry) => ({ path: entry.path, ms: Math.round(entry.ms) })),
    failed,
  };
}
