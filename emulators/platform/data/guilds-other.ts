import * as CHANNELS from "./channel-layouts";
import { GUILD_IDS, USER_IDS } from "./ids";
import { ADMIN, EVERYONE_DEFAULT, EVERYONE_READ_ONLY, SERVER_MANAGER } from "./permission-presets";
import { boosterRole, cosmetic, guildhallRole, melodyRole, mutedRole } from "./shared-roles";
import type { GuildSpec } from "./types";

// Guilds Ada cannot manage: two where she is a plain member, one she is not in.
export const NOT_MANAGED_BY_ADA: readonly GuildSpec[] = [
  {
    id: GUILD_IDS.lofi,
    name: "Lo-fi Study Hall",
    icon: "f0e1d2c3b4a59687f0e1d2c3b4a59687",
    description: "Study together, quietly.",
    owner_id: USER_IDS.dani,
    features: ["COMMUNITY", "NEWS", "ANIMATED_ICON", "INVITE_SPLASH"],
    premium_tier: 1,
    premium_subscription_count: 4,
    preferred_locale: "en-US",
    verification_level: 1,
    approximate_member_count: 1284,
    approximate_presence_count: 312,
    everyone: EVERYONE_DEFAULT,
    roles: [
      { name: "Hall Monitors", color: 0x1abc9c, permissions: SERVER_MANAGER, hoist: true },
      // Moderation without settings access; its bit (1 << 40) needs BigInt.
      { name: "Helpers", color: 0x5dade2, permissions: ["ModerateMembers"], hoist: true },
      guildhallRole,
      boosterRole,
      cosmetic("Study Buddy", 0xa3e4d7, { permissions: ["UseSoundboard", "SendPolls"] }),
      cosmetic("Night Shift", 0x2c3e50),
      cosmetic("Early Risers", 0xf7dc6f),
      cosmetic("STEM", 0x3498db),
      cosmetic("Humanities", 0xc39bd3),
      cosmetic("Pomodoro Ping", 0, { mentionable: true }),
    ],
    layout: CHANNELS.LOFI,
    systemChannel: "welcome",
    rulesChannel: "rules",
    members: [
      { user: USER_IDS.dani, roles: ["Hall Monitors"], joined_at: "2021-01-15T09:45:00.374Z" }, // owner
      { user: USER_IDS.ada, roles: ["Helpers", "Study Buddy", "Night Shift"], joined_at: "2021-02-20T20:00:00.000Z" }, // no manage rights
      { user: USER_IDS.chen, roles: ["Study Buddy", "STEM"], joined_at: "2021-05-05T05:05:05.000Z" },
      { user: USER_IDS.emre, roles: ["Early Risers"], joined_at: "2022-01-10T07:00:00.000Z" },
      { user: USER_IDS.sam, roles: ["Hall Monitors"], nick: "Sam (Hall Monitor)", joined_at: "2021-01-16T10:00:00.000Z" },
      { user: USER_IDS.bot, roles: ["Guildhall"], joined_at: "2023-09-09T09:09:09.000Z" },
    ],
    synthetic: 42,
    emojis: [
      { name: "vinyl_spin", animated: true },
      { name: "chill" },
      { name: "rain" },
    ],
  },
  {
    id: GUILD_IDS.cozyCafe,
    name: "Cozy Cafe",
    icon: "6c5b4a3928171605f4e3d2c1b0a99887",
    description: null,
    owner_id: USER_IDS.sam,
    features: [],
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: "en-US",
    verification_level: 0,
    approximate_member_count: 58,
    approximate_presence_count: 12,
    everyone: EVERYONE_DEFAULT,
    roles: [
      { name: "Barista", color: 0x8d6e63, permissions: ADMIN, hoist: true },
      melodyRole,
      cosmetic("Regulars", 0xffcc80, { hoist: true }),
      cosmetic("Tea Team", 0x81c784),
      cosmetic("Coffee Club", 0x6d4c41),
      cosmetic("Plant Parents", 0x66bb6a),
      cosmetic("Pet Pics", 0xffab91),
      mutedRole,
    ],
    layout: CHANNELS.COZY_CAFE,
    systemChannel: "welcome",
    members: [
      { user: USER_IDS.sam, roles: ["Barista"], joined_at: "2022-03-08T07:20:00.596Z" }, // owner
      { user: USER_IDS.ada, roles: ["Regulars", "Tea Team"], joined_at: "2022-03-09T08:00:00.000Z" }, // plain member
      { user: USER_IDS.bjorn, roles: ["Coffee Club"], joined_at: "2022-04-01T10:00:00.000Z" },
      { user: USER_IDS.dani, roles: ["Plant Parents"], joined_at: "2022-05-15T14:00:00.000Z" },
      { user: USER_IDS.melodyBot, roles: ["Melody"], joined_at: "2022-03-10T19:00:00.000Z" },
    ],
    synthetic: 26,
    emojis: [
      { name: "latte" },
      { name: "croissant" },
      { name: "steam", animated: true },
    ],
  },
  {
    id: GUILD_IDS.synthwave,
    name: "Synthwave Collective",
    icon: "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
    banner: "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    description: "Producers, vocalists and neon enthusiasts.",
    owner_id: USER_IDS.bjorn,
    features: ["BANNER", "COMMUNITY", "INVITE_SPLASH", "NEWS", "ANIMATED_ICON", "WELCOME_SCREEN_ENABLED"],
    premium_tier: 2,
    premium_subscription_count: 8,
    preferred_locale: "en-US",
    verification_level: 2,
    approximate_member_count: 2390,
    approximate_presence_count: 508,
    everyone: EVERYONE_READ_ONLY,
    roles: [
      { name: "Label Heads", color: 0xff2a6d, permissions: ADMIN, hoist: true },
      { name: "Mods", color: 0x05d9e8, permissions: SERVER_MANAGER, hoist: true },
      guildhallRole,
      melodyRole,
      boosterRole,
      cosmetic("Producers", 0xd16ba5, { permissions: EVERYONE_DEFAULT }),
      cosmetic("Vocalists", 0x86a8e7, { permissions: EVERYONE_DEFAULT }),
      cosmetic("Visual Artists", 0x5ffbf1, { permissions: EVERYONE_DEFAULT }),
      cosmetic("Listeners", 0x7b2cbf, { permissions: EVERYONE_DEFAULT }),
      cosmetic("Release Ping", 0, { mentionable: true }),
    ],
    layout: CHANNELS.SYNTHWAVE,
    systemChannel: "welcome",
    rulesChannel: "rules",
    members: [
      { user: USER_IDS.bjorn, roles: ["Label Heads", "Producers"], joined_at: "2023-07-19T18:40:00.059Z" }, // owner; Ada is not here
      { user: USER_IDS.chen, roles: ["Mods", "Listeners"], joined_at: "2023-07-20T09:00:00.000Z" },
      { user: USER_IDS.emre, roles: ["Producers"], joined_at: "2023-08-01T22:00:00.000Z" },
      { user: USER_IDS.melodyBot, roles: ["Melody"], joined_at: "2023-07-19T19:00:00.000Z" },
      { user: USER_IDS.bot, roles: ["Guildhall"], joined_at: "2023-07-21T12:34:56.000Z" },
    ],
    synthetic: 38,
    emojis: [
      { name: "sunset" },
      { name: "neon_grid", animated: true },
      { name: "cassette" },
    ],
  },
];
