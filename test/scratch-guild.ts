// Tests only: throw-away copies of fixture guilds inside the running emulator, so a
// test file owns its guild rows even when every file shares one PostgreSQL database.
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { GUILDS } from "@/emulators/platform/data/guilds";
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import type { RoleSpec } from "@/emulators/platform/data/types";
import { buildGuild, makeRole } from "@/emulators/platform/fixtures";
import { snowflakeAt } from "@/emulators/platform/snowflake";
import { BOT_USER_ID } from "@/emulators/platform/state";
import { generateUsers } from "@/emulators/platform/synthetic";
import { getDb } from "@/lib/db/client";
import { guildSettings } from "@/lib/db/schema";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import type { EmulatorHarness } from "./emulator-harness";

const START = Date.parse("2023-01-01T00:00:00Z");

/** A snowflake no other run is likely to have used: a random instant and increment. */
export function freshSnowflake(): string {
  return snowflakeAt(new Date(START + randomInt(0, Date.now() - START - 86_400_000)).toISOString(), randomInt(0, 4096));
}

/** Adds a copy of a fixture guild (same channels, roles and members, new ids) and returns its id. */
export function addScratchGuild(harness: EmulatorHarness, like: keyof typeof GUILD_IDS, name?: string): string {
  const spec = GUILDS.find((guild) => guild.id === GUILD_IDS[like]);
  if (!spec) throw new Error(`no fixture guild ${like}`);
  const id = freshSnowflake();
  const guild = buildGuild({ ...spec, id, name: name ?? `${spec.name} (scratch)` }, generateUsers());
  harness.emulator.state.world.guilds.set(id, guild);
  return id;
}

/** Adds a plain role at the bottom of a guild (assignable by the bot) and returns its id. */
export function addRole(harness: EmulatorHarness, guildId: string, spec: Pick<RoleSpec, "name"> & Partial<RoleSpec>): string {
  const guild = harness.emulator.state.guild(guildId);
  if (!guild) throw new Error(`no guild ${guildId}`);
  const id = freshSnowflake();
  guild.roles.push(makeRole(id, { color: 0, permissions: [], ...spec }, 1));
  void refreshGuildCache(guildId);
  return id;
}

/** Gives the bot's role in a guild more permissions (moderation needs Ban, Kick, Timeout Members). */
export function grantBot(harness: EmulatorHarness, guildId: string, permissions: bigint): void {
  const role = harness.emulator.state.guild(guildId)?.roles.find((candidate) => candidate.managed && candidate.tags?.bot_id === BOT_USER_ID);
  if (!role) throw new Error(`the bot has no role in ${guildId}`);
  role.permissions = (BigInt(role.permissions) | permissions).toString();
  void refreshGuildCache(guildId);
}

/** Sets the guild's paid buffs straight in the database (spec 1: premium, premium-gift, premium-discord). */
export async function setBuffs(guildId: string, buffs: string[]): Promise<void> {
  const db = await getDb();
  await db.insert(guildSettings).values({ guildId, buffs, version: 0 }).onConflictDoUpdate({ target: guildSettings.guildId, set: { buffs } });
}

export async function readBuffs(guildId: string): Promise<string[] | undefined> {
  const db = await getDb();
  const [row] = await db.select({ buffs: guildSettings.buffs }).from(guildSettings).where(eq(guildSettings.guildId, guildId));
  return row?.buffs;
}
