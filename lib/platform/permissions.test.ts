/** @jest-environment node */
import { PermissionFlagsBits } from "discord-api-types/v10";

import {
  ALL_PERMISSIONS,
  BOT_PERMISSIONS,
  Permission,
  PermissionParseError,
  canManageGuild,
  computeMemberPermissions,
  hasPermissions,
  parsePermissions,
  permissionNames,
} from "./permissions";

describe("Permission flags", () => {
  it("has the spec's values for the low bits", () => {
    expect(Permission.CREATE_INSTANT_INVITE).toBe(1n);
    expect(Permission.ADMINISTRATOR).toBe(8n);
    expect(Permission.MANAGE_GUILD).toBe(32n);
    expect(Permission.VIEW_CHANNEL).toBe(1024n);
    expect(Permission.ATTACH_FILES).toBe(32768n);
  });

  it("matches the platform's values for the higher bits, above 2^32 included", () => {
    expect(Permission.MENTION_EVERYONE).toBe(PermissionFlagsBits.MentionEveryone);
    expect(Permission.MANAGE_ROLES).toBe(PermissionFlagsBits.ManageRoles);
    expect(Permission.MANAGE_EMOJIS).toBe(PermissionFlagsBits.ManageGuildExpressions);
    expect(Permission.USE_APPLICATION_COMMANDS).toBe(2147483648n);
    expect(Permission.REQUEST_TO_SPEAK).toBe(4294967296n);
    expect(Permission.MODERATE_MEMBERS).toBe(1099511627776n);
    expect(Permission.MODERATE_MEMBERS).toBe(PermissionFlagsBits.ModerateMembers);
  });

  it("uses a distinct single bit for every flag", () => {
    const values = Object.values(Permission);
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) expect(value & (value - 1n)).toBe(0n);
  });
});

describe("BOT_PERMISSIONS", () => {
  it("decomposes to the flags the bot asks for", () => {
    expect(BOT_PERMISSIONS).toBe(364870364415n);
    expect(permissionNames(BOT_PERMISSIONS)).toEqual([
      "CREATE_INSTANT_INVITE",
      "KICK_MEMBERS",
      "BAN_MEMBERS",
      "ADMINISTRATOR",
      "MANAGE_CHANNELS",
      "MANAGE_GUILD",
      "ADD_REACTIONS",
      "VIEW_AUDIT_LOG",
      "VIEW_CHANNEL",
      "SEND_MESSAGES",
      "MANAGE_MESSAGES",
      "EMBED_LINKS",
      "ATTACH_FILES",
      "READ_MESSAGE_HISTORY",
      "MENTION_EVERYONE",
      "USE_EXTERNAL_EMOJIS",
      "CONNECT",
      "SPEAK",
      "MUTE_MEMBERS",
      "DEAFEN_MEMBERS",
      "MOVE_MEMBERS",
      "USE_VAD",
      "MANAGE_ROLES",
      "MANAGE_WEBHOOKS",
      "MANAGE_EMOJIS",
      "USE_APPLICATION_COMMANDS",
      "MANAGE_THREADS",
      "CREATE_PRIVATE_THREADS",
      "SEND_MESSAGES_IN_THREADS",
    ]);
  });

  it("is rebuilt exactly from those flags (no unknown bits)", () => {
    const rebuilt = permissionNames(BOT_PERMISSIONS).reduce((all, name) => all | Permission[name], 0n);
    expect(rebuilt).toBe(BOT_PERMISSIONS);
  });
});

describe("parsePermissions", () => {
  it("accepts decimal strings, safe integers and bigints", () => {
    expect(parsePermissions("364870364415")).toBe(364870364415n);
    expect(parsePermissions("0")).toBe(0n);
    expect(parsePermissions(32)).toBe(32n);
    expect(parsePermissions(1n << 40n)).toBe(1099511627776n);
    expect(parsePermissions("18446744073709551615")).toBe((1n << 64n) - 1n);
  });

  it.each([
    "",
    " 8",
    "8 ",
    "abc",
    "12abc",
    "-8",
    "+8",
    "1.5",
    "0x20",
    "1e3",
    "18446744073709551616",
    "123456789012345678901",
  ])("rejects the string %p", (value) => {
    expect(() => parsePermissions(value)).toThrow(PermissionParseError);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])("rejects the number %p", (value) => {
    expect(() => parsePermissions(value)).toThrow(PermissionParseError);
  });

  it("rejects negative and over-wide bigints, and non-primitive input", () => {
    expect(() => parsePermissions(-1n)).toThrow(PermissionParseError);
    expect(() => parsePermissions(1n << 64n)).toThrow(PermissionParseError);
    expect(() => parsePermissions(null as unknown as string)).toThrow(PermissionParseError);
    expect(() => parsePermissions({} as unknown as string)).toThrow(/Invalid permission value/);
  });
});

describe("hasPermissions", () => {
  it("passes everything for ADMINISTRATOR", () => {
    expect(hasPermissions(Permission.ADMINISTRATOR, Permission.MANAGE_GUILD | Permission.MODERATE_MEMBERS)).toBe(true);
    expect(hasPermissions(Permission.ADMINISTRATOR, 1n << 63n)).toBe(true);
  });

  it("needs every required bit otherwise", () => {
    const total = Permission.MANAGE_GUILD | Permission.SEND_MESSAGES;
    expect(hasPermissions(total, Permission.MANAGE_GUILD)).toBe(true);
    expect(hasPermissions(total, Permission.MANAGE_GUILD | Permission.SEND_MESSAGES)).toBe(true);
    expect(hasPermissions(total, Permission.MANAGE_GUILD | Permission.BAN_MEMBERS)).toBe(false);
    expect(hasPermissions(0n, 0n)).toBe(true);
  });

  it("handles bits above 2^32", () => {
    const moderator = Permission.MODERATE_MEMBERS | Permission.KICK_MEMBERS;
    expect(hasPermissions(moderator, Permission.MODERATE_MEMBERS)).toBe(true);
    expect(hasPermissions(Permission.KICK_MEMBERS, Permission.MODERATE_MEMBERS)).toBe(false);
    // 2^40 and 2^8 collide if the math wraps at 32 bits.
    expect(hasPermissions(Permission.PRIORITY_SPEAKER, Permission.MODERATE_MEMBERS)).toBe(false);
  });
});

describe("computeMemberPermissions", () => {
  const guildId = "200000000000000001";
  const roles = [
    { id: guildId, permissions: String(Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES) },
    { id: "300000000000000001", permissions: String(Permission.MANAGE_GUILD) },
    { id: "300000000000000002", permissions: String(Permission.MODERATE_MEMBERS) },
    { id: "300000000000000003", permissions: String(Permission.ADMINISTRATOR) },
  ];

  it("starts from @everyone and ORs the member's roles", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "1",
      roles,
      member: { userId: "400000000000000001", roleIds: ["300000000000000001", "300000000000000002"] },
    });
    expect(total).toBe(
      Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES | Permission.MANAGE_GUILD | Permission.MODERATE_MEMBERS,
    );
  });

  it("gives only @everyone to a member without roles, ignoring unknown role ids", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "1",
      roles,
      member: { userId: "400000000000000001", roleIds: ["999999999999999999"] },
    });
    expect(total).toBe(Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES);
    expect(hasPermissions(total, Permission.MANAGE_GUILD)).toBe(false);
  });

  it("does not apply roles the member does not hold", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "1",
      roles,
      member: { userId: "400000000000000001", roleIds: [] },
    });
    expect(total & Permission.ADMINISTRATOR).toBe(0n);
  });

  it("gives everything to the owner, whatever their roles", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "400000000000000001",
      roles,
      member: { userId: "400000000000000001", roleIds: [] },
    });
    expect(total).toBe(ALL_PERMISSIONS);
    expect(hasPermissions(total, Permission.MODERATE_MEMBERS | Permission.MANAGE_GUILD)).toBe(true);
  });

  it("expands ADMINISTRATOR to everything", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "1",
      roles,
      member: { userId: "400000000000000001", roleIds: ["300000000000000003"] },
    });
    expect(total).toBe(ALL_PERMISSIONS);
  });

  it("works when the @everyone role is missing", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "1",
      roles: roles.slice(1),
      member: { userId: "400000000000000001", roleIds: ["300000000000000002"] },
    });
    expect(total).toBe(Permission.MODERATE_MEMBERS);
  });

  it("grants @everyone's ADMINISTRATOR to every member", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "1",
      roles: [{ id: guildId, permissions: "8" }],
      member: { userId: "400000000000000001", roleIds: [] },
    });
    expect(total).toBe(ALL_PERMISSIONS);
  });
});

describe("canManageGuild", () => {
  it("accepts the owner, ADMINISTRATOR and MANAGE_GUILD", () => {
    expect(canManageGuild({ owner: true, permissions: "0" })).toBe(true);
    expect(canManageGuild({ owner: true })).toBe(true);
    expect(canManageGuild({ owner: false, permissions: "8" })).toBe(true);
    expect(canManageGuild({ owner: false, permissions: "32" })).toBe(true);
    expect(canManageGuild({ permissions: String(BOT_PERMISSIONS) })).toBe(true);
  });

  it("refuses everyone else", () => {
    expect(canManageGuild({ owner: false, permissions: "0" })).toBe(false);
    expect(canManageGuild({ owner: false, permissions: String(Permission.MODERATE_MEMBERS | Permission.BAN_MEMBERS) })).toBe(
      false,
    );
    expect(canManageGuild({})).toBe(false);
  });

  it("refuses malformed permissions instead of throwing", () => {
    expect(canManageGuild({ owner: false, permissions: "not-a-number" })).toBe(false);
    expect(canManageGuild({ owner: false, permissions: "-32" })).toBe(false);
  });

  it("reads MANAGE_GUILD from a value above 2^53", () => {
    // 2^60 + 32: Number() would round the MANAGE_GUILD bit away.
    expect(canManageGuild({ permissions: String((1n << 60n) | 32n) })).toBe(true);
    expect(canManageGuild({ permissions: String(1n << 60n) })).toBe(false);
  });
});
