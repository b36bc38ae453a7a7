/** @jest-environment node */
import { PermissionFlagsBits } from "discord-api-types/v10";

import {
  ALL_PERMISSIONS,
  BOT_PERMISSIONS,
  PermissionParseError,
  canManageGuild,
  computeMemberPermissions,
  hasPermissions,
  parsePermissions,
  permissionNames,
} from "./permissions";

describe("Permission flags (discord-api-types)", () => {
  it("has the spec's values for the low bits", () => {
    expect(PermissionFlagsBits.CreateInstantInvite).toBe(1n);
    expect(PermissionFlagsBits.Administrator).toBe(8n);
    expect(PermissionFlagsBits.ManageGuild).toBe(32n);
    expect(PermissionFlagsBits.ViewChannel).toBe(1024n);
    expect(PermissionFlagsBits.AttachFiles).toBe(32768n);
  });

  it("has the platform's values for the higher bits, above 2^32 included, as BigInts", () => {
    expect(PermissionFlagsBits.MentionEveryone).toBe(131072n);
    expect(PermissionFlagsBits.ManageRoles).toBe(268435456n);
    expect(PermissionFlagsBits.ManageGuildExpressions).toBe(1073741824n);
    expect(PermissionFlagsBits.UseApplicationCommands).toBe(2147483648n);
    expect(PermissionFlagsBits.RequestToSpeak).toBe(4294967296n);
    expect(PermissionFlagsBits.ModerateMembers).toBe(1099511627776n);
  });

  it("names every bit once and ORs every flag into ALL_PERMISSIONS", () => {
    const values = Object.values(PermissionFlagsBits);
    for (const value of values) expect(value & (value - 1n)).toBe(0n);
    const names = permissionNames(ALL_PERMISSIONS);
    expect(names).toHaveLength(new Set(values).size);
    expect(names).toContain("ManageGuildExpressions");
    expect(names).not.toContain("ManageEmojisAndStickers");
    expect(names.reduce((all, name) => all | PermissionFlagsBits[name], 0n)).toBe(ALL_PERMISSIONS);
  });
});

describe("BOT_PERMISSIONS", () => {
  it("decomposes to the flags the bot asks for", () => {
    expect(BOT_PERMISSIONS).toBe(364870364415n);
    expect(permissionNames(BOT_PERMISSIONS)).toEqual([
      "CreateInstantInvite",
      "KickMembers",
      "BanMembers",
      "Administrator",
      "ManageChannels",
      "ManageGuild",
      "AddReactions",
      "ViewAuditLog",
      "ViewChannel",
      "SendMessages",
      "ManageMessages",
      "EmbedLinks",
      "AttachFiles",
      "ReadMessageHistory",
      "MentionEveryone",
      "UseExternalEmojis",
      "Connect",
      "Speak",
      "MuteMembers",
      "DeafenMembers",
      "MoveMembers",
      "UseVAD",
      "ManageRoles",
      "ManageWebhooks",
      "ManageGuildExpressions",
      "UseApplicationCommands",
      "ManageThreads",
      "CreatePrivateThreads",
      "SendMessagesInThreads",
    ]);
  });

  it("is rebuilt exactly from those flags (no unknown bits)", () => {
    const rebuilt = permissionNames(BOT_PERMISSIONS).reduce((all, name) => all | PermissionFlagsBits[name], 0n);
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
    expect(hasPermissions(PermissionFlagsBits.Administrator, PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers)).toBe(true);
    expect(hasPermissions(PermissionFlagsBits.Administrator, 1n << 63n)).toBe(true);
  });

  it("needs every required bit otherwise", () => {
    const total = PermissionFlagsBits.ManageGuild | PermissionFlagsBits.SendMessages;
    expect(hasPermissions(total, PermissionFlagsBits.ManageGuild)).toBe(true);
    expect(hasPermissions(total, PermissionFlagsBits.ManageGuild | PermissionFlagsBits.SendMessages)).toBe(true);
    expect(hasPermissions(total, PermissionFlagsBits.ManageGuild | PermissionFlagsBits.BanMembers)).toBe(false);
    expect(hasPermissions(0n, 0n)).toBe(true);
  });

  it("handles bits above 2^32", () => {
    const moderator = PermissionFlagsBits.ModerateMembers | PermissionFlagsBits.KickMembers;
    expect(hasPermissions(moderator, PermissionFlagsBits.ModerateMembers)).toBe(true);
    expect(hasPermissions(PermissionFlagsBits.KickMembers, PermissionFlagsBits.ModerateMembers)).toBe(false);
    // 2^40 and 2^8 collide if the math wraps at 32 bits.
    expect(hasPermissions(PermissionFlagsBits.PrioritySpeaker, PermissionFlagsBits.ModerateMembers)).toBe(false);
  });
});

describe("computeMemberPermissions", () => {
  const guildId = "200000000000000001";
  const roles = [
    { id: guildId, permissions: String(PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages) },
    { id: "300000000000000001", permissions: String(PermissionFlagsBits.ManageGuild) },
    { id: "300000000000000002", permissions: String(PermissionFlagsBits.ModerateMembers) },
    { id: "300000000000000003", permissions: String(PermissionFlagsBits.Administrator) },
  ];

  it("starts from @everyone and ORs the member's roles", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "1",
      roles,
      member: { userId: "400000000000000001", roleIds: ["300000000000000001", "300000000000000002"] },
    });
    expect(total).toBe(
      PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers,
    );
  });

  it("gives only @everyone to a member without roles, ignoring unknown role ids", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "1",
      roles,
      member: { userId: "400000000000000001", roleIds: ["999999999999999999"] },
    });
    expect(total).toBe(PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages);
    expect(hasPermissions(total, PermissionFlagsBits.ManageGuild)).toBe(false);
  });

  it("does not apply roles the member does not hold", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "1",
      roles,
      member: { userId: "400000000000000001", roleIds: [] },
    });
    expect(total & PermissionFlagsBits.Administrator).toBe(0n);
  });

  it("gives everything to the owner, whatever their roles", () => {
    const total = computeMemberPermissions({
      guildId,
      ownerId: "400000000000000001",
      roles,
      member: { userId: "400000000000000001", roleIds: [] },
    });
    expect(total).toBe(ALL_PERMISSIONS);
    expect(hasPermissions(total, PermissionFlagsBits.ModerateMembers | PermissionFlagsBits.ManageGuild)).toBe(true);
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
    expect(total).toBe(PermissionFlagsBits.ModerateMembers);
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
    expect(canManageGuild({ owner: false, permissions: String(PermissionFlagsBits.ModerateMembers | PermissionFlagsBits.BanMembers) })).toBe(
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
