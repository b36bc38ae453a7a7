// Why: real traffic is many admins on many servers, every page of the guild menu, several
// languages; one URL asked again and again measures a cache of one entry. This file builds
// that traffic from the demo itself: every demo user signs in, lists the servers they manage
// with the bot (as the dashboard does), and every page of each server's menu in each
// language becomes one request, in an order shuffled once (seeded, so runs compare).
import { USER_IDS } from "../../emulators/platform/data/ids";
import { PLUGIN_IDS } from "../../lib/plugins/index";
import { signIn, type Jar } from "./sign-in";

/** Four of the nine languages: two Latin-script, one right-to-left, one CJK. */
export const MIXED_LANGUAGES = ["en", "fr", "ar", "tw"] as const;

/** Every page of a guild's menu (guild-nav.tsx): the overview, the audit log, copy settings, each plugin. */
export const GUILD_MENU_PAGES = ["", "audit-log", "copy-settings", ...PLUGIN_IDS] as const;

const DEMO_USERS = ["ada", "bjorn", "chen", "dani", "emre", "sam"] as const;

export type Viewer = { user: string; userId: string; cookie: string; xsrf: string; guilds: string[] };
export type PageRequest = { path: string; cookie: string };
export type DemoTraffic = { viewers: Viewer[]; requests: PageRequest[]; guilds: number };

type ManagedGuild = { id: string; bot_present: boolean };

/** Signs every demo user in and lists the pages each may open, shuffled. */
export async function demoTraffic(appUrl: string, seed = 22): Promise<DemoTraffic> {
  const viewers: Viewer[] = [];
  for (const user of DEMO_USERS) {
    const userId = USER_IDS[user];
    const jar = await signIn({ appUrl, userId });
    const guilds = await managedWithBot(appUrl, jar);
    viewers.push({ user, userId, cookie: jar.header(["gh_session", "XSRF-TOKEN"]), xsrf: jar.need("XSRF-TOKEN", "sign-in"), guilds });
  }
  const requests = viewers.flatMap((viewer) =>
    viewer.guilds.flatMap((guild) =>
      MIXED_LANGUAGES.flatMap((locale) => GUILD_MENU_PAGES.map((page) => ({ path: `/${locale}/dashboard/${guild}${page ? `/${page}` : ""}`, cookie: viewer.cookie }))),
    ),
  );
  return { viewers, requests: shuffled(requests, seed), guilds: new Set(viewers.flatMap((viewer) => viewer.guilds)).size };
}

async function managedWithBot(appUrl: string, jar: Jar): Promise<string[]> {
  const response = await fetch(`${appUrl}/api/users/@me/managed-guilds`, { headers: { cookie: jar.header() } });
  if (!response.ok) throw new Error(`GET /api/users/@me/managed-guilds answered ${response.status}`);
  const guilds = (await response.json()) as ManagedGuild[];
  return guilds.filter((guild) => guild.bot_present).map((guild) => guild.id);
}

/** Fisher–Yates with a small seeded generator (mulberry32): the same order every run. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
