/** @jest-environment node */
import fc from "fast-check";

import type { TemplateContext } from "./context";
import { channelSlug, mentionDisplay, splitMentions, toDisplay, type MentionLookup } from "./mentions";
import { renderTemplate } from "./render";

const CHANNEL = "300000000000000001";
const USER = "100000000000000001";
const NICKED = "100000000000000002";
const ROLE = "400000000000000001";
const MISSING = "999999999999999999";

const lookup: MentionLookup = {
  channel: (id) => ({ [CHANNEL]: "general" })[id],
  role: (id) => ({ [ROLE]: "Moderators" })[id],
  member: (id) => ({ [USER]: "wumpus", [NICKED]: "Olive Nick" })[id],
};

describe("splitMentions", () => {
  it("splits channels, users (<@id> and <@!id>) and roles out of text", () => {
    expect(splitMentions(`Hi <@${USER}> and <@!${NICKED}>, read <#${CHANNEL}> or ask <@&${ROLE}>.`)).toEqual([
      { kind: "text", value: "Hi " },
      { kind: "user", value: `<@${USER}>`, id: USER },
      { kind: "text", value: " and " },
      { kind: "user", value: `<@!${NICKED}>`, id: NICKED },
      { kind: "text", value: ", read " },
      { kind: "channel", value: `<#${CHANNEL}>`, id: CHANNEL },
      { kind: "text", value: " or ask " },
      { kind: "role", value: `<@&${ROLE}>`, id: ROLE },
      { kind: "text", value: "." },
    ]);
  });

  it("gives no empty text segments for adjacent mentions or mentions at the ends", () => {
    expect(splitMentions(`<#${CHANNEL}><@${USER}>`)).toEqual([
      { kind: "channel", value: `<#${CHANNEL}>`, id: CHANNEL },
      { kind: "user", value: `<@${USER}>`, id: USER },
    ]);
    expect(splitMentions("")).toEqual([]);
    expect(splitMentions("plain")).toEqual([{ kind: "text", value: "plain" }]);
  });

  it("accepts 17 to 20 digit ids, like the platform", () => {
    expect(splitMentions("<@12345678901234567>")).toEqual([{ kind: "user", value: "<@12345678901234567>", id: "12345678901234567" }]);
    expect(splitMentions("<#18446744073709551615>")).toEqual([{ kind: "channel", value: "<#18446744073709551615>", id: "18446744073709551615" }]);
  });

  it.each([
    "<@123>",
    "<#1234567890123456>",
    "<@123456789012345678901>",
    "<@abc>",
    "<@>",
    "<#>",
    "<@&>",
    "<@!&100000000000000001>",
    "<&100000000000000001>",
    "<!100000000000000001>",
    "< @100000000000000001>",
    "<@100000000000000001 >",
    "<@100000000000000001",
    "@100000000000000001>",
    "#general",
    "@everyone @here",
    "<:emoji:100000000000000001>",
    "<t:1700000000:R>",
  ])("keeps %s as text", (text) => {
    expect(splitMentions(text)).toEqual([{ kind: "text", value: text }]);
  });

  it("round-trips: joining the segments gives the text back (fast-check)", () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(`<#${CHANNEL}>`, `<@${USER}>`, `<@!${NICKED}>`, `<@&${ROLE}>`, "<@", "<#", ">", "<@&", "<@!"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        const segments = splitMentions(text);
        return segments.map((segment) => segment.value).join("") === text && segments.every((segment) => segment.value.length > 0);
      }),
    );
  });
});

describe("toDisplay", () => {
  it("shows channels as #name, users as @name and roles as @role", () => {
    expect(toDisplay(`Hi <@${USER}> and <@!${NICKED}>, read <#${CHANNEL}> or ask <@&${ROLE}>.`, lookup)).toBe(
      "Hi @wumpus and @Olive Nick, read #general or ask @Moderators.",
    );
  });

  it("shows placeholders for unknown ids", () => {
    expect(toDisplay(`<#${MISSING}> <@${MISSING}> <@!${MISSING}> <@&${MISSING}>`, lookup)).toBe(
      "#unknown-channel @unknown-user @unknown-user @unknown-role",
    );
  });

  it("looks each id up in its own namespace", () => {
    // A user id used as a channel or role is unknown there.
    expect(toDisplay(`<#${USER}> <@&${USER}> <@${CHANNEL}>`, lookup)).toBe("#unknown-channel @unknown-role @unknown-user");
  });

  it("leaves text without mentions unchanged (fast-check)", () => {
    fc.assert(fc.property(fc.string(), (text) => splitMentions(text).some((s) => s.kind !== "text") || toDisplay(text, lookup) === text));
  });

  it("agrees with mentionDisplay segment by segment", () => {
    const text = `a<#${CHANNEL}>b<@!${MISSING}>c`;
    const viaSegments = splitMentions(text)
      .map((segment) => (segment.kind === "text" ? segment.value : mentionDisplay(segment, lookup)))
      .join("");
    expect(viaSegments).toBe(toDisplay(text, lookup));
  });

  it("shows a rendered template as the preview would", () => {
    const context: TemplateContext = {
      server: { id: "200000000000000001", name: "Night Owls", icon: null, ownerId: NICKED, memberCount: 3 },
      user: { id: USER, username: "wumpus", discriminator: "0", avatar: null, bot: false },
      channel: { id: CHANNEL, name: "general", type: 0 },
      cdnBase: "https://cdn.discordapp.com",
    };
    const rendered = renderTemplate(`Welcome {user} to {server}! Read {channel}, ping <@&${ROLE}> or {server.owner}.`, context);
    expect(rendered).toBe(`Welcome <@${USER}> to Night Owls! Read <#${CHANNEL}>, ping <@&${ROLE}> or <@${NICKED}>.`);
    expect(toDisplay(rendered, lookup)).toBe("Welcome @wumpus to Night Owls! Read #general, ping @Moderators or @Olive Nick.");
    expect(splitMentions(rendered).filter((segment) => segment.kind !== "text")).toEqual([
      { kind: "user", value: `<@${USER}>`, id: USER },
      { kind: "channel", value: `<#${CHANNEL}>`, id: CHANNEL },
      { kind: "role", value: `<@&${ROLE}>`, id: ROLE },
      { kind: "user", value: `<@${NICKED}>`, id: NICKED },
    ]);
  });
});

describe("channelSlug", () => {
  it.each([
    ["general", "general"],
    ["General Chat", "general-chat"],
    ["off_topic-2", "off_topic-2"],
    ["#off topic!", "-off-topic-"],
    ["a  b", "a--b"],
    ["rules & info", "rules---info"],
    ["Café Crème", "café-crème"],
    ["Cafe\u0301", "cafe\u0301"],
    ["ÜBER", "über"],
    ["日本語チャット", "日本語チャット"],
    ["Общий чат", "общий-чат"],
    ["قناة ١٢٣", "قناة-١٢٣"],
    ["हिन्दी क्षेत्र", "हिन्दी-क्षेत्र"],
    ["한국어", "한국어"],
    ["🎉 party", "--party"],
    ["party🎉", "party-"],
    ["👍🏽ok", "-ok"],
    ["👨‍👩‍👧 family", "--family"],
    ["🇫🇷 france", "--france"],
    ["❤️", "-"],
    ["1️⃣ first", "--first"],
    ["Ⓐ ①", "---"],
    ["tab\there", "tab-here"],
    ["", ""],
  ])("%j → %j", (name, slug) => {
    expect(channelSlug(name)).toBe(slug);
  });

  it("keeps only lowercase letters, digits, hyphens and underscores (fast-check, ASCII)", () => {
    fc.assert(fc.property(fc.string(), (name) => /^[a-z0-9_-]*$/.test(channelSlug(name.replace(/[^\x20-\x7e]/g, "")))));
  });

  it("is idempotent on any Unicode name (fast-check)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (name) => {
        const slug = channelSlug(name);
        return channelSlug(slug) === slug;
      }),
    );
  });

  it("turns each non-kept character (grapheme cluster) into exactly one hyphen", () => {
    expect(channelSlug("a b🎉c👨‍👩‍👧d🇫🇷")).toBe("a-b-c-d-");
  });
});
