import { USERS } from "./data/users";
import { ADJECTIVES, FIRST_NAMES, HOBBY_WORDS, NICK_TEMPLATES, NOUNS } from "./data/names";
import type { UserRecord } from "./model";
import { snowflakeAt } from "./snowflake";

// Generated members give member lists and search something to page through.
// A seeded generator keeps them identical on every run and every reset.

export type Random = () => number;

/** mulberry32: tiny, fast and good enough for fixture data. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedFrom(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function between(random: Random, startMs: number, endMs: number): number {
  return Math.floor(startMs + random() * (endMs - startMs));
}

const hex = (random: Random, length: number) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join("");
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function makeName(random: Random): { username: string; global_name: string } {
  const first = pick(random, FIRST_NAMES);
  const adjective = pick(random, ADJECTIVES);
  const noun = pick(random, NOUNS);
  switch (Math.floor(random() * 7)) {
    case 0:
      return { username: first, global_name: capitalise(first) };
    case 1:
      return { username: `${first}.${noun}`, global_name: capitalise(first) };
    case 2:
      return { username: `${first}_${pick(random, HOBBY_WORDS)}`, global_name: capitalise(first) };
    case 3:
      return { username: `${adjective}${noun}`, global_name: `${capitalise(adjective)} ${capitalise(noun)}` };
    case 4:
      return { username: `${adjective}.${noun}`, global_name: `${capitalise(adjective)} ${capitalise(noun)}` };
    case 5:
      return { username: `${first}${pick(random, NUMBER_SUFFIXES)}`, global_name: capitalise(first) };
    default:
      return { username: `${noun}_${first}`, global_name: capitalise(first) };
  }
}

const NUMBER_SUFFIXES = [7, 12, 21, 42, 88, 99, 101, 314, 1999, 2001] as const;
const LOCALES = ["en-US", "en-GB", "de", "fr", "es-ES", "pt-BR", "ja", "pl", "sv-SE", "nl"] as const;
const ACCOUNT_START = Date.parse("2016-01-01T00:00:00Z");
const ACCOUNT_END = Date.parse("2024-06-30T00:00:00Z");
export const SYNTHETIC_POOL_SIZE = 160;

/** The shared pool of generated accounts; guilds draw their members from it. */
export function generateUsers(count = SYNTHETIC_POOL_SIZE): UserRecord[] {
  const random = seededRandom(seedFrom("guildhall-synthetic-users"));
  const taken = new Set(USERS.map((user) => user.username));
  const users: UserRecord[] = [];
  while (users.length < count) {
    const { username, global_name } = makeName(random);
    if (taken.has(username)) continue;
    taken.add(username);
    const createdAt = new Date(between(random, ACCOUNT_START, ACCOUNT_END)).toISOString();
    users.push({
      id: snowflakeAt(createdAt, users.length),
      username,
      global_name: random() < 0.1 ? null : global_name,
      avatar: random() < 0.65 ? hex(random, 32) : null,
      email: null,
      verified: true,
      locale: pick(random, LOCALES),
      flags: random() < 0.3 ? pick(random, [64, 128, 256]) : 0,
      premium_type: random() < 0.2 ? 2 : 0,
      mfa_enabled: random() < 0.4,
    });
  }
  return users;
}

export function makeNick(random: Random, user: UserRecord): string | null {
  if (random() >= 0.25) return null;
  const name = user.global_name ?? user.username;
  return pick(random, NICK_TEMPLATES).replace("{name}", name);
}

/** Fisher-Yates on a copy, then the first `count`. */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}
