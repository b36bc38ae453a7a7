/** @jest-environment node */
import { calculateUserDefaultAvatarIndex } from "@discordjs/rest";

import { defaultAvatarIndex, guildIconUrl, guildInitials, userAvatarUrl } from "./cdn";

const CDN = "https://cdn.discordapp.com";

describe("guildIconUrl", () => {
  it("builds a PNG URL for a static icon", () => {
    expect(guildIconUrl(CDN, { id: "200000000000000001", icon: "0123abcd" })).toBe(
      "https://cdn.discordapp.com/icons/200000000000000001/0123abcd.png",
    );
  });

  it("builds a GIF URL for an animated icon, with a size", () => {
    expect(guildIconUrl(CDN, { id: "200000000000000001", icon: "a_0123abcd" }, 128)).toBe(
      "https://cdn.discordapp.com/icons/200000000000000001/a_0123abcd.gif?size=128",
    );
  });

  it("returns null without an icon", () => {
    expect(guildIconUrl(CDN, { id: "200000000000000001", icon: null })).toBeNull();
    expect(guildIconUrl(CDN, { id: "200000000000000001", icon: "" })).toBeNull();
  });

  it("accepts a base with a trailing slash (the emulator's CDN, say)", () => {
    expect(guildIconUrl("http://127.0.0.1:4000/cdn/", { id: "1", icon: "abc" }, 64)).toBe(
      "http://127.0.0.1:4000/cdn/icons/1/abc.png?size=64",
    );
  });
});

describe("userAvatarUrl", () => {
  const base = { id: "158954752913309807", discriminator: "1234" };

  it("uses the avatar hash when there is one", () => {
    expect(userAvatarUrl(CDN, { ...base, avatar: "ffee" })).toBe(
      "https://cdn.discordapp.com/avatars/158954752913309807/ffee.png",
    );
    expect(userAvatarUrl(CDN, { ...base, avatar: "a_ffee" }, 256)).toBe(
      "https://cdn.discordapp.com/avatars/158954752913309807/a_ffee.gif?size=256",
    );
  });

  it("falls back to the default avatar indexed by discriminator modulo 5", () => {
    expect(userAvatarUrl(CDN, { ...base, avatar: null })).toBe("https://cdn.discordapp.com/embed/avatars/4.png");
    expect(userAvatarUrl(CDN, { id: base.id, discriminator: "0005", avatar: null })).toBe(
      "https://cdn.discordapp.com/embed/avatars/0.png",
    );
    expect(defaultAvatarIndex({ id: base.id, discriminator: "0007" })).toBe(2);
    expect(defaultAvatarIndex({ id: base.id, discriminator: "9999" })).toBe(4);
  });

  it("uses (id >> 22) % 6 for accounts on unique usernames (discriminator 0)", () => {
    const id = "158954752913309807";
    const expected = Number((BigInt(id) >> 22n) % 6n);
    expect(defaultAvatarIndex({ id, discriminator: "0" })).toBe(expected);
    expect(defaultAvatarIndex({ id, discriminator: "0" })).toBe(calculateUserDefaultAvatarIndex(id));
    expect(userAvatarUrl(CDN, { id, discriminator: "0", avatar: null })).toBe(
      `https://cdn.discordapp.com/embed/avatars/${expected}.png`,
    );
  });

  it("can pick the sixth default avatar, which discriminators never reach", () => {
    const id = String((6n * 10n ** 11n + 5n) << 22n); // timestamp part ≡ 5 (mod 6)
    expect(defaultAvatarIndex({ id, discriminator: "0" })).toBe(5);
  });

  it("never throws on a missing discriminator or a malformed id", () => {
    expect(defaultAvatarIndex({ id: "158954752913309807" })).toBe(calculateUserDefaultAvatarIndex("158954752913309807"));
    expect(defaultAvatarIndex({ id: "oops", discriminator: "0" })).toBe(0);
  });
});

describe("guildInitials", () => {
  it.each([
    ["Night Owls Book Club", "NOBC"],
    ["guildhall", "G"],
    ["Bob's Place", "BP"],
    ["  spaced   out  ", "SO"],
    ["The Quick Brown Fox Jumps", "TQBF"],
    ["日本 サーバー", "日サ"],
    ["Ελληνικά Νέα", "ΕΝ"],
    ["🦉 Owls", "🦉O"],
    ["👨‍👩‍👧 Family", "👨‍👩‍👧F"],
    ["🇫🇷 France", "🇫🇷F"],
    ["", "?"],
    ["   ", "?"],
  ])("%p → %p", (name, initials) => {
    expect(guildInitials(name)).toBe(initials);
  });

  it("keeps whole characters outside the basic plane", () => {
    expect(guildInitials("𝔉𝔯𝔞𝔨𝔱𝔲𝔯 Club")).toBe("𝔉C");
  });
});
