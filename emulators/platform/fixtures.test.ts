/** @jest-environment node */
import { DEMO_USER_ID, EMULATOR_CLIENT_ID } from "./credentials";
import { GUILD_IDS, USER_IDS } from "./data/ids";
import { buildWorld } from "./fixtures";
import { PERMISSIONS } from "./permissions";
import { snowflakeDate } from "./snowflake";
import { PlatformState } from "./state";

const inRange = (id: string) => {
  const year = snowflakeDate(id).getUTCFullYear();
  return year >= 2016 && year <= 2024;
};

describe("fixtures", () => {
  const world = buildWorld();

  it("are deterministic", () => {
    const again = buildWorld();
    const summary = (w: typeof world) =>
      JSON.stringify([...w.guilds.values()].map((guild) => ({ ...guild, members: [...guild.members.entries()] })));
    expect(summary(again)).toBe(summary(world));
    expect([...again.users.keys()]).toEqual([...world.users.keys()]);
  });

  it("use snowflakes from 2016-2024 and never repeat one", () => {
    const ids: string[] = [];
    for (const user of world.users.values()) if (user.id !== EMULATOR_CLIENT_ID) ids.push(user.id);
    for (const guild of world.guilds.values()) {
      ids.push(guild.id, ...guild.channels.map((channel) => channel.id), ...guild.roles.filter((role) => role.id !== guild.id).map((role) => role.id));
    }
    for (const id of ids) expect(inRange(id)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("give every guild 20-40 channels, 8-15 roles and dozens of members", () => {
    expect(world.guilds.size).toBeGreaterThanOrEqual(7);
    for (const guild of world.guilds.values()) {
      expect(guild.channels.length).toBeGreaterThanOrEqual(20);
      expect(guild.channels.length).toBeLessThanOrEqual(40);
      expect(guild.roles.length).toBeGreaterThanOrEqual(8);
      expect(guild.roles.length).toBeLessThanOrEqual(15);
      expect(guild.members.size).toBeGreaterThanOrEqual(20);
      expect(guild.roles.find((role) => role.id === guild.id)?.position).toBe(0);
      expect(guild.members.has(guild.owner_id)).toBe(true);
      for (const member of guild.members.values()) {
        expect(world.users.has(member.user_id)).toBe(true);
        for (const roleId of member.roles) expect(guild.roles.some((role) => role.id === roleId)).toBe(true);
      }
    }
  });

  it("cover each case of what Ada may do", () => {
    const state = new PlatformState();
    const can = (guildId: string) => state.canManage(state.guild(guildId)!, DEMO_USER_ID);
    const perms = (guildId: string) => state.permissions(state.guild(guildId)!, DEMO_USER_ID);
    const botIn = (guildId: string) => state.botIn(state.guild(guildId)!);

    expect(state.guild(GUILD_IDS.workshop)!.owner_id).toBe(DEMO_USER_ID);
    expect(botIn(GUILD_IDS.workshop)).toBe(true);
    expect((perms(GUILD_IDS.pixelRaiders)! & PERMISSIONS.Administrator) !== 0n).toBe(true);
    expect(botIn(GUILD_IDS.pixelRaiders)).toBe(false);
    for (const id of [GUILD_IDS.nightOwls, GUILD_IDS.speedrun, GUILD_IDS.openMic]) {
      expect(can(id)).toBe(true);
      expect((perms(id)! & PERMISSIONS.Administrator) === 0n).toBe(true);
      expect((perms(id)! & PERMISSIONS.ManageGuild) !== 0n).toBe(true);
    }
    expect(botIn(GUILD_IDS.nightOwls)).toBe(true);
    expect(botIn(GUILD_IDS.speedrun)).toBe(false);
    expect(can(GUILD_IDS.lofi)).toBe(false);
    expect(botIn(GUILD_IDS.lofi)).toBe(true);
    expect(can(GUILD_IDS.cozyCafe)).toBe(false);
    expect(botIn(GUILD_IDS.cozyCafe)).toBe(false);
    expect(perms(GUILD_IDS.synthwave)).toBeNull();
    expect(state.guild(GUILD_IDS.synthwave)!.owner_id).toBe(USER_IDS.bjorn);
    expect(botIn(GUILD_IDS.synthwave)).toBe(true);
  });

  it("include one user with flag value 2 and a demo user without avatar", () => {
    const flagged = [...world.users.values()].filter((user) => (user.flags & 2) === 2);
    expect(flagged.map((user) => user.username)).toEqual(["staff.sam"]);
    expect(world.users.get(USER_IDS.dani)!.avatar).toBeNull();
  });
});
