// Why: where a server's time goes is read from a CPU profile, not guessed. This sums the self
// time of each function of a V8 .cpuprofile (as `node --cpu-prof` writes it) and of each
// package or source folder, for the tables `npm run bench:profile` prints.
import { readFileSync } from "node:fs";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

export type SelfTime = { name: string; ms: number; share: number };

export function readProfile(file: string): Profile {
  return JSON.parse(readFileSync(file, "utf8")) as Profile;
}

/** Self time per function and per place (node_modules package, or our folder), largest first. */
export function selfTimes(profile: Profile): { functions: SelfTime[]; places: SelfTime[]; totalMs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const fn = new Map<string, number>();
  const place = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node) return;
    total += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = placeOf(url);
    fn.set(`${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`, (fn.get(`${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`) ?? 0) + ms);
    place.set(where, (place.get(where) ?? 0) + ms);
  });
  const sorted = (map: Map<string, number>) =>
    [...map].map(([name, ms]) => ({ name, ms, share: total > 0 ? ms / total : 0 })).sort((a, b) => b.ms - a.ms);
  return { functions: sorted(fn), places: sorted(place), totalMs: total };
}

/** "next (compiled react-dom)", "zod", "lib/…", "(idle)", "(garbage collector)"… */
function placeOf(url: string): string {
  if (!url) return "(native)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    const name = rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
    const compiled = rest.indexOf("compiled");
    return compiled !== -1 && rest[compiled + 1] ? `${name} (compiled ${rest[compiled + 1]})` : name;
  }
  const chunks = url.indexOf("/.next/server/");
  if (chunks !== -1) return `.next/server/${url.slice(chunks + "/.next/server/".length).split("/")[0]}`;
  return url.replace(/^file:\/\//, "").split("/").slice(-2).join("/");
}
