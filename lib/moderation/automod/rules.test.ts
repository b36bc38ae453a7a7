import { moderator } from "@/lib/plugins/moderator/definition";
import { evaluate, patternProblem, triggerDetail, type AutomodMessage, type AutomodRule } from "./rules";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const DAY = 86_400_000;
const rule = (changes: Partial<AutomodRule>): AutomodRule => moderator.collections.rules!.itemSchema.parse({ name: "Rule", ...changes }) as AutomodRule;
const message = (content: string, changes: Partial<AutomodMessage> = {}): AutomodMessage => ({
  content,
  authorId: "342392154494206137",
  authorBot: false,
  authorRoleIds: [],
  channelId: "300000000000000001",
  categoryId: null,
  accountCreatedAt: NOW - 400 * DAY,
  joinedAt: NOW - 100 * DAY,
  attachments: [],
  earlier: [],
  ...changes,
});
const detail = (changes: Partial<AutomodRule>, content: string, more: Partial<AutomodMessage> = {}) => triggerDetail(rule(changes), message(content, more));

describe("triggers", () => {
  it("words: whole words in any case and script, phrases as written", () => {
    expect(detail({ trigger: "words", words: ["heck"] }, "What the HECK")).toBe("heck");
    expect(detail({ trigger: "words", words: ["ass"] }, "first class")).toBeNull();
    expect(detail({ trigger: "words", words: ["gros mot"] }, "un GROS MOT ici")).toBe("gros mot");
    expect(detail({ trigger: "words", words: ["кот"] }, "Мой КОТ спит")).toBe("кот");
  });

  it("regex: RE2, case-insensitive; a catastrophic pattern runs in linear time and a lookaround is refused", () => {
    expect(detail({ trigger: "regex", pattern: "fr[e3]+ n[i1]tro" }, "FREE NITRO here")).toBe("FREE NITRO");
    expect(detail({ trigger: "regex", pattern: "(a+)+$" }, `${"a".repeat(100_000)}b`)).toBeNull();
    expect(detail({ trigger: "regex", pattern: "(a+)+$" }, "aaaa")).toBe("aaaa");
    expect(patternProblem("(?=admin)")).not.toBeNull();
    expect(patternProblem("(a)\\1")).not.toBeNull();
    expect(patternProblem("[unclosed")).not.toBeNull();
    expect(patternProblem("\\bbuy\\s+now\\b")).toBeNull();
  });

  it("invites and links, with allowed and blocked sites (subdomains count)", () => {
    expect(detail({ trigger: "invites" }, "join discord.gg/abc123 now")).toBe("discord.gg/abc123");
    expect(detail({ trigger: "links" }, "see https://example.com/x")).toBe("example.com");
    expect(detail({ trigger: "links", allowed_domains: ["youtube.com"] }, "https://www.youtube.com/watch?v=1")).toBeNull();
    expect(detail({ trigger: "links", allowed_domains: ["youtube.com"] }, "https://evil.io")).toBe("evil.io");
    expect(detail({ trigger: "links", blocked_domains: ["evil.io"] }, "https://ok.org and https://a.evil.io/x")).toBe("a.evil.io");
    expect(detail({ trigger: "links", blocked_domains: ["evil.io"] }, "https://ok.org")).toBeNull();
  });

  it("caps, mentions, emoji, repeats and attachments at their thresholds", () => {
    expect(detail({ trigger: "caps", caps_percent: 70, min_length: 10 }, "STOP SHOUTING PLEASE")).toBe("100%");
    expect(detail({ trigger: "caps", caps_percent: 70, min_length: 10 }, "OK")).toBeNull();
    expect(detail({ trigger: "caps", caps_percent: 70, min_length: 10 }, "Hello There Friends")).toBeNull();
    const mentions = Array.from({ length: 5 }, (_, i) => `<@${100000000000000000 + i}>`).join(" ");
    expect(detail({ trigger: "mentions", max_mentions: 5 }, mentions)).toBe("5");
    expect(detail({ trigger: "mentions", max_mentions: 6 }, mentions)).toBeNull();
    expect(detail({ trigger: "emojis", max_emojis: 3 }, "🎉🎉 <:blue:323456789012345678>")).toBe("3");
    expect(detail({ trigger: "repeats", repeat_count: 3 }, "buy now", { earlier: ["Buy now", "hello", "buy now"] })).toBe("3");
    expect(detail({ trigger: "repeats", repeat_count: 3 }, "buy now", { earlier: ["buy now"] })).toBeNull();
    expect(detail({ trigger: "attachments", attachment_types: [".exe", "scr"] }, "", { attachments: [{ filename: "Free.EXE" }] })).toBe("exe");
  });
});

describe("evaluate", () => {
  const invites = rule({ name: "Invites", trigger: "invites", actions: ["delete", "warn"] });
  it("gives every enabled rule broken, with its actions; nothing while paused", () => {
    const words = rule({ name: "Words", trigger: "words", words: ["spam"] });
    const matches = evaluate([invites, words, rule({ trigger: "caps", enabled: false })], message("spam discord.gg/x"), { now: NOW, paused: false });
    expect(matches.map((match) => [match.rule, match.name, match.actions])).toEqual([
      [0, "Invites", ["delete", "warn"]],
      [1, "Words", ["delete"]],
    ]);
    expect(evaluate([invites], message("discord.gg/x"), { now: NOW, paused: true })).toEqual([]);
  });

  it("spares bots, exempt roles, channels and categories, and accounts or members older than the rule watches", () => {
    const text = "discord.gg/x";
    const at = (changes: Partial<AutomodRule>, more: Partial<AutomodMessage>) => evaluate([rule({ trigger: "invites", ...changes })], message(text, more), { now: NOW, paused: false }).length;
    expect(at({}, { authorBot: true })).toBe(0);
    expect(at({ include_bots: true }, { authorBot: true })).toBe(1);
    expect(at({ exempt_role_ids: ["223456789012345678"] }, { authorRoleIds: ["223456789012345678"] })).toBe(0);
    expect(at({ exempt_channel_ids: ["300000000000000001"] }, {})).toBe(0);
    // A category spares every channel in it, and only those.
    const staff = "400000000000000001";
    expect(at({ exempt_category_ids: [staff] }, { categoryId: staff })).toBe(0);
    expect(at({ exempt_category_ids: [staff] }, { categoryId: "400000000000000002" })).toBe(1);
    expect(at({ exempt_category_ids: [staff] }, { categoryId: null })).toBe(1);
    expect(at({ new_accounts_days: 7 }, { accountCreatedAt: NOW - 3 * DAY })).toBe(1);
    expect(at({ new_accounts_days: 7 }, {})).toBe(0);
    expect(at({ new_members_days: 1 }, { joinedAt: NOW - 3_600_000 })).toBe(1);
    expect(at({ new_members_days: 1 }, {})).toBe(0);
  });
});
