import { USER_IDS } from "./ids";
import { BOT_DEFAULT, COSMETIC, MUSIC_BOT } from "./permission-presets";
import type { RoleSpec } from "./types";

// Roles that recur across guilds: integration roles of the bots and the
// booster role are managed by Discord, the rest are ordinary.

export const cosmetic = (name: string, color: number, extra: Partial<RoleSpec> = {}): RoleSpec => ({
  name, color, permissions: COSMETIC, common: true, ...extra,
});
export const guildhallRole: RoleSpec = { name: "Guildhall", color: 0x5865f2, permissions: BOT_DEFAULT, managed: { bot: USER_IDS.bot } };
export const chronicleRole: RoleSpec = {
  name: "Chronicle", color: 0x3ba55c, permissions: [...BOT_DEFAULT, "KickMembers", "BanMembers", "ModerateMembers"], managed: { bot: USER_IDS.chronicleBot },
};
export const melodyRole: RoleSpec = { name: "Melody", color: 0xeb459e, permissions: MUSIC_BOT, managed: { bot: USER_IDS.melodyBot } };
export const boosterRole: RoleSpec = { name: "Server Booster", color: 0xf47fff, permissions: COSMETIC, managed: "booster", hoist: true };
export const mutedRole: RoleSpec = { name: "Muted", color: 0x95a5a6, permissions: COSMETIC };
