/** @jest-environment node */
import fc from "fast-check";

import { guildIconUrl, userAvatarUrl } from "@/lib/platform/cdn";
import type { TemplateContext } from "./context";
import { RANDOM_MAX_SPAN, renderTemplate, resolveVariable } from "./render";
import { TEMPLATE_VARIABLES } from "./variables";

const CDN = "https://cdn.discordapp.com";

function makeContext(overrides: { server?: Partial<TemplateContext["server"]>; user?: Partial<TemplateContext["user"]> } = {}): TemplateContext {
  return {
    server: {
      id: "200000000000000001",
      name: "Night Owls",
      icon: "0123abcd",
      ownerId: "100000000000000002",
      ownerName: "olivia",
      region: "europe",
      memberCount: 1234,
      verificationLevel: 2,
      joinedAt: "2024-01-31T12:00:00.000Z",
      ...overrides.server,
    },
    user: {
      id: "100000000000000001",
      username: "wumpus",
      globalName: "Wumpus",
      discriminator: "0",
      avatar: "abcd1234",
      bot: false,
      ...overrides.user,
    },
    channel: { id: "300000000000000001", name: "general", type: 0 },
    plan: { name: "Premium" },
    cdnBase: CDN,
  };
}

const context = makeContext();
const zero = { random: () => 0 };
/** The largest double below 1. */
const ALMOST_ONE = 1 - Number.EPSILON / 2;

/** Every variable of spec 3 with the exact text it renders to in `context` (random forced to 0). */
const EXPECTED: Record<string, string> = {
  "server.name": "Night Owls",
  server: "Night Owls",
  "server.id": "200000000000000001",
  "server.icon_url": "https://cdn.discordapp.com/icons/200000000000000001/0123abcd.png",
  "server.icon": "https://cdn.discordapp.com/icons/200000000000000001/0123abcd.png",
  "server.owner": "olivia",
  "server.owner_id": "100000000000000002",
  "server.region": "europe",
  "server.member_count": "1234",
  "server.verification_level": "2",
  "server.joined_at": "2024-01-31T12:00:00.000Z",
  user: "<@100000000000000001>",
  "user.mention": "<@100000000000000001>",
  "user.id": "100000000000000001",
  "user.name": "wumpus",
  "user.discriminator": "0",
  "user.idname": "wumpus",
  "user.avatar_url": "https://cdn.discordapp.com/avatars/100000000000000001/abcd1234.png",
  "user.avatar": "https://cdn.discordapp.com/avatars/100000000000000001/abcd1234.png",
  "user.bot": "false",
  channel: "<#300000000000000001>",
  "channel.name": "general",
  "channel.id": "300000000000000001",
  "channel.type": "0",
  "random:1-100": "1",
  random: "0",
  "plan.name": "Premium",
};

/** A small seeded PRNG (mulberry32) so the property loops are reproducible. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("TEMPLATE_VARIABLES", () => {
  it("lists exactly the variables of spec 3, each once", () => {
    const names = TEMPLATE_VARIABLES.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it("puts each variable in the group its name starts with and gives an example", () => {
    for (const variable of TEMPLATE_VARIABLES) {
      expect(variable.name.split(/[.:]/)[0]).toBe(variable.group);
      expect(variable.example.length).toBeGreaterThan(0);
    }
  });

  it.each(TEMPLATE_VARIABLES.map((variable) => [variable.name]))("renders {%s} (the renderer knows every listed name)", (name) => {
    expect(resolveVariable(name, context, zero)).toBeDefined();
    expect(renderTemplate(`{${name}}`, context, zero)).not.toBe(`{${name}}`);
  });
});

describe("renderTemplate: every variable", () => {
  it.each(Object.entries(EXPECTED))("{%s} → %j", (name, expected) => {
    expect(renderTemplate(`{${name}}`, context, zero)).toBe(expected);
  });

  it("renders a whole message, leaving the text around variables alone", () => {
    expect(renderTemplate("Welcome {user} to **{server}**! You are member #{server.member_count} — see {channel}.", context)).toBe(
      "Welcome <@100000000000000001> to **Night Owls**! You are member #1234 — see <#300000000000000001>.",
    );
  });

  it("renders repeated and adjacent variables", () => {
    expect(renderTemplate("{user.name}{user.name} {server.id}{channel.id}", context)).toBe(
      "wumpuswumpus 200000000000000001300000000000000001",
    );
  });

  it("returns text without variables unchanged, including the empty string", () => {
    expect(renderTemplate("", context)).toBe("");
    expect(renderTemplate("Hello, world: <@1> and #general", context)).toBe("Hello, world: <@1> and #general");
  });
});

describe("renderTemplate: values that depend on the context", () => {
  it("gives the legacy user#discriminator for {user.idname} when the discriminator is not 0", () => {
    const legacy = makeContext({ user: { discriminator: "1234" } });
    expect(renderTemplate("{user.idname} {user.discriminator}", legacy)).toBe("wumpus#1234 1234");
  });

  it("renders {user.bot} as true for bots", () => {
    expect(renderTemplate("{user.bot}", makeContext({ user: { bot: true } }))).toBe("true");
  });

  it("renders an empty icon URL when the server has no icon", () => {
    const noIcon = makeContext({ server: { icon: null } });
    expect(renderTemplate("[{server.icon_url}][{server.icon}]", noIcon)).toBe("[][]");
  });

  it("matches lib/platform/cdn.ts for icons and avatars, animated or default", () => {
    const cases: TemplateContext[] = [
      context,
      makeContext({ server: { icon: "a_0123abcd" }, user: { avatar: "a_beef" } }),
      makeContext({ user: { avatar: null } }),
      makeContext({ user: { avatar: null, discriminator: "1337" } }),
      { ...makeContext(), cdnBase: "http://127.0.0.1:4000/cdn/" },
    ];
    for (const c of cases) {
      expect(renderTemplate("{server.icon_url}", c)).toBe(guildIconUrl(c.cdnBase, c.server));
      expect(renderTemplate("{user.avatar_url}", c)).toBe(userAvatarUrl(c.cdnBase, c.user));
      expect(renderTemplate("{user.avatar}", c)).toBe(userAvatarUrl(c.cdnBase, c.user));
    }
    expect(renderTemplate("{user.avatar_url}", makeContext({ user: { avatar: null, discriminator: "1337" } }))).toBe(
      "https://cdn.discordapp.com/embed/avatars/2.png",
    );
    expect(renderTemplate("{server.icon_url}", makeContext({ server: { icon: "a_0123abcd" } }))).toBe(
      "https://cdn.discordapp.com/icons/200000000000000001/a_0123abcd.gif",
    );
  });

  it("mentions the owner when their name is not known", () => {
    const { ownerName: _ownerName, ...server } = context.server;
    expect(renderTemplate("{server.owner}", { ...context, server })).toBe("<@100000000000000002>");
    expect(renderTemplate("[{server.owner}]", { ...context, server: { ...server, ownerId: "" } })).toBe("[]");
  });

  it("renders optional server fields as empty when absent", () => {
    const server: TemplateContext["server"] = { id: "1", name: "S", icon: null, ownerId: "2", memberCount: 0 };
    expect(renderTemplate("[{server.region}][{server.verification_level}][{server.joined_at}][{server.member_count}]", { ...context, server })).toBe(
      "[][][][0]",
    );
    expect(renderTemplate("{server.verification_level}", makeContext({ server: { verificationLevel: 0 } }))).toBe("0");
  });

  it("renders Free without a plan", () => {
    const { plan: _plan, ...free } = context;
    expect(renderTemplate("{plan.name}", free)).toBe("Free");
  });

  it("leaves the channel variables as written where there is no channel", () => {
    const { channel: _channel, ...noChannel } = context;
    const text = "{channel} {channel.name} {channel.id} {channel.type}";
    expect(renderTemplate(text, noChannel)).toBe(text);
  });
});

describe("renderTemplate: unknown variables and malformed input are left as written", () => {
  it.each([
    "{nope}",
    "{Server}",
    "{SERVER.NAME}",
    "{User.Mention}",
    "{ server.name }",
    "{server.name }",
    "{server.}",
    "{server.name.first}",
    "{user.name.length}",
    "{}",
    "{ }",
    "{server.name",
    "server.name}",
    "}{",
    "}server.name{",
    "{",
    "}",
    "{{",
    "}}",
    "{random:}",
    "{random:5}",
    "{random:1-}",
    "{random:-10}",
    "{random:1.5-3}",
    "{random:1-2.5}",
    "{random:1e2-1e3}",
    "{random:a-b}",
    "{random: 1-100}",
    "{random:1 - 100}",
    "{random:1-100:2}",
    "{random 1-100}",
    "{Random}",
    "{RANDOM:1-2}",
    "{constructor}",
    "{__proto__}",
    "{toString}",
    "{hasOwnProperty}",
    "{valueOf}",
    "{server.__proto__}",
  ])("%s", (text) => {
    expect(renderTemplate(text, context)).toBe(text);
  });

  it("treats only innermost {…} as variables: {{server.name}} → {Night Owls}", () => {
    expect(renderTemplate("{{server.name}}", context)).toBe("{Night Owls}");
    expect(renderTemplate("{{{server.name}}}", context)).toBe("{{Night Owls}}");
    expect(renderTemplate("{server.name}}", context)).toBe("Night Owls}");
    expect(renderTemplate("{{server.name}", context)).toBe("{Night Owls");
    expect(renderTemplate("{server.{user.name}}", context)).toBe("{server.wumpus}");
    expect(renderTemplate("{server.name {user.name}", context)).toBe("{server.name wumpus");
  });

  it("renders known variables next to unknown ones", () => {
    expect(renderTemplate("{nope} {server} {server.name", context)).toBe("{nope} Night Owls {server.name");
  });

  it("keeps braces spanning lines as written", () => {
    expect(renderTemplate("{server\n.name}", context)).toBe("{server\n.name}");
  });
});

describe("renderTemplate: no recursion", () => {
  it("does not render variables inside inserted values", () => {
    const tricky = makeContext({ server: { name: "{user}" }, user: { username: "{server.name}" } });
    expect(renderTemplate("{server} {user.name}", tricky)).toBe("{user} {server.name}");
    expect(renderTemplate("{user.name}", makeContext({ user: { username: "{random}" } }))).toBe("{random}");
  });

  it("inserts values literally, never as replacement patterns", () => {
    const dollars = makeContext({ server: { name: "$& $1 $' $` $$" } });
    expect(renderTemplate("[{server}]", dollars)).toBe("[$& $1 $' $` $$]");
  });

  it("does not join an inserted brace to the surrounding text", () => {
    const braces = makeContext({ server: { name: "{" }, user: { username: "}" } });
    expect(renderTemplate("{server}user{user.name}", braces)).toBe("{user}");
  });
});

describe("renderTemplate: random", () => {
  it("stays within [x, y] for many draws (seeded)", () => {
    const ranges: [number, number][] = [
      [1, 100],
      [1, 6],
      [0, 1],
      [-50, 50],
      [-10, -3],
      [1_000_000, 1_000_000_005],
      [0, RANDOM_MAX_SPAN],
    ];
    for (const [low, high] of ranges) {
      const random = seeded(low * 31 + high);
      const outside: string[] = [];
      for (let i = 0; i < 5000; i++) {
        const text = renderTemplate(`{random:${low}-${high}}`, context, { random });
        const value = Number(text);
        if (!Number.isInteger(value) || value < low || value > high) outside.push(text);
      }
      expect({ low, high, outside }).toEqual({ low, high, outside: [] });
    }
  });

  it("reaches every value of a small range (seeded)", () => {
    const random = seeded(42);
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) seen.add(renderTemplate("{random:1-6}", context, { random }));
    expect([...seen].sort()).toEqual(["1", "2", "3", "4", "5", "6"]);
  });

  it("stays within bounds for any range and any random value (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: RANDOM_MAX_SPAN }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.boolean(),
        (low, span, r, swapped) => {
          const high = low + span;
          const text = swapped ? `{random:${high}-${low}}` : `{random:${low}-${high}}`;
          const value = Number(renderTemplate(text, context, { random: () => r }));
          return Number.isInteger(value) && value >= low && value <= high;
        },
      ),
    );
  });

  it("reaches both inclusive ends", () => {
    expect(renderTemplate("{random:1-100}", context, { random: () => 0 })).toBe("1");
    expect(renderTemplate("{random:1-100}", context, { random: () => 0.999999 })).toBe("100");
    expect(renderTemplate("{random:1-100}", context, { random: () => ALMOST_ONE })).toBe("100");
    expect(renderTemplate("{random:0-1000000000}", context, { random: () => ALMOST_ONE })).toBe("1000000000");
    expect(renderTemplate("{random:-5--1}", context, { random: () => 0 })).toBe("-5");
    expect(renderTemplate("{random:-5--1}", context, { random: () => ALMOST_ONE })).toBe("-1");
  });

  it("renders bare {random} from 0 to 100 inclusive", () => {
    expect(renderTemplate("{random}", context, { random: () => 0 })).toBe("0");
    expect(renderTemplate("{random}", context, { random: () => ALMOST_ONE })).toBe("100");
    expect(renderTemplate("{random}", context, { random: () => 0.5 })).toBe("50");
    const random = seeded(7);
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) seen.add(renderTemplate("{random}", context, { random }));
    expect([...seen].map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 101 }, (_, i) => i));
  });

  it("swaps a reversed range", () => {
    expect(renderTemplate("{random:100-1}", context, { random: () => 0 })).toBe("1");
    expect(renderTemplate("{random:100-1}", context, { random: () => ALMOST_ONE })).toBe("100");
    expect(renderTemplate("{random:-1--5}", context, { random: () => 0 })).toBe("-5");
  });

  it("always gives the value of a single-value range", () => {
    for (const r of [0, 0.3, ALMOST_ONE]) {
      expect(renderTemplate("{random:7-7}", context, { random: () => r })).toBe("7");
      expect(renderTemplate("{random:-3--3}", context, { random: () => r })).toBe("-3");
    }
  });

  it("accepts leading zeros", () => {
    expect(renderTemplate("{random:007-007}", context)).toBe("7");
  });

  it("leaves ranges wider than 1e9 and unsafe integers as written", () => {
    let calls = 0;
    const random = () => {
      calls++;
      return 0.5;
    };
    for (const text of [
      "{random:0-1000000001}",
      "{random:-500000000-500000001}",
      "{random:1000000001-0}",
      "{random:99999999999999999999-99999999999999999999}",
      "{random:9007199254740992-9007199254740992}",
    ]) {
      expect(renderTemplate(text, context, { random })).toBe(text);
    }
    expect(calls).toBe(0);
  });

  it("draws once per occurrence", () => {
    const values = [0, ALMOST_ONE, 0.5];
    let i = 0;
    const random = () => values[i++ % values.length] ?? 0;
    expect(renderTemplate("{random:1-3} {random:1-3} {random:1-3} {server}", context, { random })).toBe("1 3 2 Night Owls");
    expect(i).toBe(3);
  });

  it("stays in range even with a faulty random source", () => {
    for (const r of [1, 1.5, -0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const value = Number(renderTemplate("{random:1-10}", context, { random: () => r }));
      expect(value >= 1 && value <= 10).toBe(true);
    }
  });

  it("defaults to Math.random", () => {
    const spy = jest.spyOn(Math, "random").mockReturnValue(ALMOST_ONE);
    try {
      expect(renderTemplate("{random:1-6}", context)).toBe("6");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("renderTemplate never throws", () => {
  it("on any text (fast-check), returning text without braces unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const out = renderTemplate(text, context, zero);
        return text.includes("{") ? typeof out === "string" : out === text;
      }),
    );
  });

  it("on text built from variable-like pieces (fast-check)", () => {
    const piece = fc.oneof(
      fc.constantFrom("{", "}", "{{", "}}", ":", "-", ".", " ", "random", "server", "user", "name", "1", "-1", "99999999999"),
      fc.constantFrom(...TEMPLATE_VARIABLES.map((variable) => `{${variable.name}}`)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        expect(() => renderTemplate(pieces.join(""), context, { random: seeded(pieces.length) })).not.toThrow();
      }),
    );
  });

  it("keeps variables as written when the context is incomplete or the random source throws", () => {
    const broken = { cdnBase: CDN } as unknown as TemplateContext;
    expect(renderTemplate("{server} {user.avatar_url} {plan.name}", broken)).toBe("{server} {user.avatar_url} Free");
    const throwing = () => {
      throw new Error("no entropy");
    };
    expect(renderTemplate("{random:1-2} {server}", context, { random: throwing })).toBe("{random:1-2} Night Owls");
  });

  it("returns an empty string for a non-string text from untyped callers", () => {
    expect(renderTemplate(undefined as unknown as string, context)).toBe("");
  });
});

describe("renderTemplate: a social alert's item", () => {
  const alert: TemplateContext = { ...context, item: { streamer: "ada_plays", title: "Building a compiler", url: "https://www.twitch.tv/ada_plays" } };

  it("renders provider variables from the item", () => {
    expect(renderTemplate("{streamer} is live: {title} {url}", alert)).toBe("ada_plays is live: Building a compiler https://www.twitch.tv/ada_plays");
  });

  it("keeps the server and user variables, and leaves names the item lacks as written", () => {
    expect(renderTemplate("{streamer} in {server.name}: {game}", alert)).toBe(`ada_plays in ${context.server.name}: {game}`);
  });

  it("keeps provider variables as written without an item", () => {
    expect(renderTemplate("{streamer} is live", context)).toBe("{streamer} is live");
  });

  it("never reads inherited keys and never renders a value again", () => {
    const tricky: TemplateContext = { ...context, item: { title: "{server.name}" } };
    expect(renderTemplate("{constructor} {toString} {title}", tricky)).toBe("{constructor} {toString} {server.name}");
  });

  it("cannot shadow the built-in variables", () => {
    expect(renderTemplate("{server.name}", { ...context, item: { "server.name": "Impostor" } })).toBe(context.server.name);
  });
});
