/** @jest-environment node */
import { sampleContext, type SampleGuild, type SampleUser } from "./context";
import { renderTemplate } from "./render";

const CDN = "https://cdn.discordapp.com";

const user: SampleUser = {
  id: "100000000000000001",
  username: "wumpus",
  global_name: "Wumpus",
  discriminator: "0",
  avatar: "abcd1234",
};

/** Shaped like the guild entity: channels keyed by id. */
const guild: SampleGuild = {
  id: "200000000000000001",
  name: "Night Owls",
  icon: "0123abcd",
  owner_id: "100000000000000002",
  member_count: 42,
  channels: {
    "300000000000000003": { name: "voice", type: 2, position: 0 },
    "300000000000000002": { name: "rules", type: 0, position: 1 },
    "300000000000000001": { name: "general", type: 0, position: 0 },
    "300000000000000004": { name: "announcements", type: 5, position: 0 },
  },
};

describe("sampleContext", () => {
  it("builds a preview context from a guild entity and the signed-in user", () => {
    expect(sampleContext(guild, user, { cdnBase: CDN })).toEqual({
      server: { id: "200000000000000001", name: "Night Owls", icon: "0123abcd", ownerId: "100000000000000002", memberCount: 42 },
      user: { id: "100000000000000001", username: "wumpus", globalName: "Wumpus", discriminator: "0", avatar: "abcd1234", bot: false },
      channel: { id: "300000000000000001", name: "general", type: 0 },
      cdnBase: CDN,
    });
  });

  it("picks the first text channel by position, then by id, from a map or a list", () => {
    const list: SampleGuild = {
      ...guild,
      channels: [
        { id: "300000000000000009", name: "b", type: 0, position: 2 },
        { id: "300000000000000010", name: "later-id", type: 0, position: 1 },
        { id: "300000000000000008", name: "earlier-id", type: 0, position: 1 },
        { id: "300000000000000007", name: "stage", type: 13, position: 0 },
      ],
    };
    expect(sampleContext(list, user, { cdnBase: CDN }).channel).toEqual({ id: "300000000000000008", name: "earlier-id", type: 0 });
  });

  it("uses the requested channel when the guild has it, of any type", () => {
    expect(sampleContext(guild, user, { cdnBase: CDN, channelId: "300000000000000004" }).channel).toEqual({
      id: "300000000000000004",
      name: "announcements",
      type: 5,
    });
    expect(sampleContext(guild, user, { cdnBase: CDN, channelId: "399999999999999999" }).channel?.name).toBe("general");
  });

  it("has no channel when the guild has no text channel, so {channel} stays as written", () => {
    const noChannels = sampleContext({ id: "1", name: "Empty", icon: null }, user, { cdnBase: CDN });
    expect(noChannels.channel).toBeUndefined();
    expect(renderTemplate("{channel} in {server}", noChannels)).toBe("{channel} in Empty");
  });

  it("names the owner when the signed-in user owns the guild", () => {
    const owned = sampleContext({ ...guild, owner_id: user.id }, user, { cdnBase: CDN });
    expect(renderTemplate("{server.owner} {server.owner_id}", owned)).toBe("wumpus 100000000000000001");
    const fromFlag = sampleContext({ id: "1", name: "Mine", icon: null, owner: true }, user, { cdnBase: CDN });
    expect(renderTemplate("{server.owner} {server.owner_id}", fromFlag)).toBe("wumpus 100000000000000001");
    const other = sampleContext(guild, user, { cdnBase: CDN });
    expect(renderTemplate("{server.owner}", other)).toBe("<@100000000000000002>");
  });

  it("carries the optional guild fields and the plan", () => {
    const full = sampleContext(
      { ...guild, region: "europe", verification_level: 0, joined_at: "2024-01-31T12:00:00.000Z" },
      { ...user, discriminator: "1234", bot: true },
      { cdnBase: CDN, planName: "Premium" },
    );
    expect(renderTemplate("{server.region}|{server.verification_level}|{server.joined_at}|{plan.name}|{user.idname}|{user.bot}", full)).toBe(
      "europe|0|2024-01-31T12:00:00.000Z|Premium|wumpus#1234|true",
    );
  });

  it("defaults what the guild or user does not say", () => {
    const minimal = sampleContext(
      { id: "1", name: "S", icon: null, member_count: null, region: null },
      { id: "100000000000000001", username: "u", avatar: null },
      { cdnBase: CDN, planName: null },
    );
    expect(minimal.server).toEqual({ id: "1", name: "S", icon: null, ownerId: "", memberCount: 0 });
    expect(minimal.user).toMatchObject({ discriminator: "0", globalName: null, bot: false });
    expect(renderTemplate("[{server.owner}][{plan.name}][{server.region}]", minimal)).toBe("[][Free][]");
  });
});
