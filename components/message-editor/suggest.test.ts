/** @jest-environment node */
import { TEMPLATE_VARIABLES } from "@/lib/templates/variables";
import { applySuggestion, channelSuggestions, findTrigger, memberName, memberSuggestions, roleSuggestions } from "./suggest";
import { variableSuggestions } from "./variable-suggestions";

const GUILD = "200000000000000001";

describe("findTrigger", () => {
  it.each([
    ["{", { kind: "variable", start: 0, end: 1, query: "" }],
    ["Hi {user.", { kind: "variable", start: 3, end: 9, query: "user." }],
    ["member #{server.mem", { kind: "variable", start: 8, end: 19, query: "server.mem" }],
    ["{random:1-", { kind: "variable", start: 0, end: 10, query: "random:1-" }],
    ["see #", { kind: "channel", start: 4, end: 5, query: "" }],
    ["see #gen", { kind: "channel", start: 4, end: 8, query: "gen" }],
    ["(#rules", { kind: "channel", start: 1, end: 7, query: "rules" }],
    ["@", { kind: "mention", start: 0, end: 1, query: "" }],
    ["hello\n@ada.lo", { kind: "mention", start: 6, end: 13, query: "ada.lo" }],
    ["ask @Моде", { kind: "mention", start: 4, end: 9, query: "Моде" }],
  ])("finds the trigger in %j", (text, trigger) => {
    expect(findTrigger(text, text.length)).toEqual(trigger);
  });

  it.each([
    "",
    "plain text",
    "{server.name}",
    "{server name",
    "{a}b",
    "mail me at a@b",
    "<#",
    "<@",
    "<@&",
    "##",
    "{user}#",
    "#gen eral",
    "@ada lovelace",
    `@${"x".repeat(40)}`,
  ])("finds none in %j", (text) => {
    expect(findTrigger(text, text.length)).toBeNull();
  });

  it("only looks before the caret", () => {
    expect(findTrigger("a {user} b", 4)).toEqual({ kind: "variable", start: 2, end: 4, query: "u" });
    expect(findTrigger("#general", 0)).toBeNull();
  });
});

describe("applySuggestion", () => {
  it("replaces the sigil and query, keeps what follows, and puts the caret after the insert", () => {
    expect(applySuggestion("Hi {ser and more", { start: 3, end: 7 }, "{server.name}")).toEqual({ text: "Hi {server.name} and more", caret: 16 });
    expect(applySuggestion("#", { start: 0, end: 1 }, "<#300000000000000001>")).toEqual({ text: "<#300000000000000001>", caret: 21 });
  });
});

describe("suggestions", () => {
  it("offers every template variable for an empty query, prefix matches first", () => {
    expect(variableSuggestions("").map((s) => s.insert)).toEqual(TEMPLATE_VARIABLES.filter((v) => !v.technical).map((v) => `{${v.name}}`));
    expect(variableSuggestions("name").map((s) => s.insert)).toEqual(["{server.name}", "{user.name}", "{channel.name}", "{plan.name}"]);
    // Ids, aliases and internals wait until the owner types past the dot.
    expect(variableSuggestions("").map((s) => s.insert)).not.toContain("{server.verification_level}");
    expect(variableSuggestions("user.").map((s) => s.insert)).not.toContain("{user.discriminator}");
    expect(variableSuggestions("user.d").map((s) => s.insert)).toEqual(["{user.discriminator}"]);
    expect(variableSuggestions("rand").map((s) => s.insert)).toEqual(["{random:1-100}", "{random}"]);
  });

  it("offers text channels only, by position then id, shown by name", () => {
    const channels = [
      { id: "300000000000000005", name: "Off Topic", type: 0, position: 3 },
      { id: "300000000000000004", name: "voice", type: 2, position: 0 },
      { id: "300000000000000003", name: "news", type: 5, position: 0 },
      { id: "300000000000000002", name: "rules", type: 0, position: 1 },
      { id: "300000000000000001", name: "general", type: 0, position: 1 },
    ];
    expect(channelSuggestions(channels, "").map((s) => [s.label, s.insert])).toEqual([
      ["#general", "<#300000000000000001>"],
      ["#rules", "<#300000000000000002>"],
      ["#Off Topic", "<#300000000000000005>"],
    ]);
    expect(channelSuggestions(channels, "TOP").map((s) => s.label)).toEqual(["#Off Topic"]);
  });

  it("offers mentionable roles only, never @everyone", () => {
    const roles = [
      { id: GUILD, name: "@everyone", color: 0, position: 0, mentionable: true },
      { id: "400000000000000001", name: "Moderators", color: 0x1abc9c, position: 3, mentionable: true },
      { id: "400000000000000002", name: "Muted", color: 0, position: 1, mentionable: false },
      { id: "400000000000000003", name: "Event Pings", color: 0, position: 2, mentionable: true },
    ];
    expect(roleSuggestions(roles, "", GUILD, "Role").map((s) => [s.label, s.insert, s.color])).toEqual([
      ["@Moderators", "<@&400000000000000001>", "#1abc9c"],
      ["@Event Pings", "<@&400000000000000003>", undefined],
    ]);
    expect(roleSuggestions(roles, "mu", GUILD, "Role")).toEqual([]);
  });

  it("names members by nickname, then display name, then username", () => {
    expect(memberName({ username: "chen.wei", global_name: "Chen Wei", nick: "Chen (maintainer)" })).toBe("Chen (maintainer)");
    expect(memberName({ username: "ada.lovelace", global_name: "Ada", nick: null })).toBe("Ada");
    expect(memberName({ username: "dani", global_name: null, nick: "" })).toBe("dani");
    expect(memberSuggestions([{ id: "100000000000000001", username: "ada.lovelace", global_name: "Ada", nick: null, avatar: null }])).toEqual([
      { key: "member:100000000000000001", kind: "member", label: "@Ada", hint: "ada.lovelace", insert: "<@100000000000000001>" },
    ]);
  });
});

describe("variable hints", () => {
  it("show what the variable becomes here, else the generic example", () => {
    const values: Record<string, string> = { "server.name": "Ada's Workshop", "server.region": "" };
    const hints = Object.fromEntries(["server.n", "server.r", "server.i"].flatMap((query) => variableSuggestions(query, (name) => values[name])).map((s) => [s.insert, s.hint]));
    expect(hints["{server.name}"]).toBe("Ada's Workshop");
    expect(hints["{server.region}"]).toBeUndefined();
    expect(hints["{server.id}"]).toBe("200000000000000001");
  });
});

describe("variableSuggestions with a social alert's variables", () => {
  const extra = [
    { name: "streamer", description: "The streamer's name" },
    { name: "title", description: "The title of the stream" },
  ];

  it("lists them first, then the server and user variables", () => {
    const inserts = variableSuggestions("", undefined, extra).map((s) => s.insert);
    expect(inserts.slice(0, 2)).toEqual(["{streamer}", "{title}"]);
    expect(inserts).toContain("{server.name}");
  });

  it("hints with the preview's value when there is one, else the description", () => {
    const valueOf = (name: string) => (name === "streamer" ? "ada_plays" : undefined);
    const [streamer, title] = variableSuggestions("", valueOf, extra);
    expect(streamer).toMatchObject({ label: "{streamer}", hint: "ada_plays" });
    expect(title).toMatchObject({ label: "{title}", hint: "The title of the stream" });
  });

  it("filters them by the typed name like the others", () => {
    expect(variableSuggestions("str", undefined, extra).map((s) => s.insert)).toEqual(["{streamer}"]);
  });
});
