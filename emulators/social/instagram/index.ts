import { randomBytes } from "node:crypto";
import { restorer, type FakeControl } from "../control";
import type { FakeRequest, SocialFake } from "../fakes";
import { initialsAvatar, itemSeconds } from "../initials-avatar";
import { replyGarbled, replyJson } from "../reply";

// The Instagram Graph API's business discovery under /instagram/v21.0 (graph.facebook.com):
// GET /{our business id}?fields=business_discovery.username(NAME){…}&access_token=…, answering
// only the fields asked for (field expansion, media.limit(n){…} included), and Graph errors
// (code 110 unknown user, 190 bad token) as HTTP 400. The username "garbled" answers malformed JSON.

const BUSINESS_ID = "17841400000000001";
const ACCESS_TOKEN = "fake-instagram-token";

/** A media's `at`: the second the control API published it. */
type FakeMedia = { id: string; caption: string; hoursAgo: number; at?: number; code: string };
type FakeInstagrammer = { id: string; username: string; name: string; followers: number; hue: number; media: FakeMedia[] };

const ACCOUNTS: FakeInstagrammer[] = [
  { id: "17841400000000101", username: "ada", name: "Ada Studio", followers: 9_870, hue: 15, media: [{ id: "18000000000001010", caption: "Studio day ☀️", hoursAgo: 8, code: "C6AdaStu01" }] },
  {
    id: "17841400000000102",
    username: "ada.sketches",
    name: "Ada Sketches",
    followers: 54_300,
    hue: 265,
    media: [
      { id: "18000000000001020", caption: "Ink study of the Difference Engine ✒️ #sketchbook", hoursAgo: 3, code: "C6AdaSk003" },
      { id: "18000000000001021", caption: "Morning warm-up pages", hoursAgo: 40, code: "C6AdaSk002" },
    ],
  },
  { id: "17841400000000103", username: "adacodes", name: "Ada Codes", followers: 4_410, hue: 140, media: [{ id: "18000000000001030", caption: "Desk setup for the stream", hoursAgo: 20, code: "C6AdaCo001" }] },
  { id: "17841400000000104", username: "ada.quiet", name: "Ada (no posts yet)", followers: 7, hue: 60, media: [] },
];

/** Media ids only grow, across resets too. */
let nextMediaId = 18000000000009000n;

const instagramControl: FakeControl = {
  providers: ["instagram"],
  publish({ source, title }) {
    const account = ACCOUNTS.find((item) => item.username === source.replace(/^@/, "").toLowerCase());
    if (!account) return null;
    const media: FakeMedia = { id: String(nextMediaId++), caption: title ?? "A new post", hoursAgo: 0, at: Math.floor(Date.now() / 1000), code: `C7${randomBytes(6).toString("base64url")}` };
    account.media.unshift(media);
    return { id: media.id, permalink: `https://www.instagram.com/p/${media.code}/` };
  },
  reset: restorer(ACCOUNTS),
};

export const instagramFake: SocialFake = {
  segment: "instagram",
  env: (base) => ({ INSTAGRAM_API_URL: `${base}/instagram/v21.0`, INSTAGRAM_BUSINESS_ID: BUSINESS_ID, INSTAGRAM_ACCESS_TOKEN: ACCESS_TOKEN }),
  configuredBy: ["INSTAGRAM_ACCESS_TOKEN", "INSTAGRAM_BUSINESS_ID"],
  control: instagramControl,
  handle({ req, res, url, path }: FakeRequest) {
    if (req.method !== "GET" || path.length !== 2 || !/^v\d+\.\d+$/.test(path[0]!)) return false;
    if (url.searchParams.get("access_token") !== ACCESS_TOKEN) return graphError(res, 190, "Invalid OAuth access token - Cannot parse access token");
    if (path[1] !== BUSINESS_ID) return graphError(res, 100, `Unsupported get request. Object with ID '${path[1]}' does not exist.`);
    const fields = parseFields(url.searchParams.get("fields") ?? "");
    const discovery = fields.find((field) => field.name === "business_discovery");
    const username = discovery?.modifiers.username?.toLowerCase();
    if (!discovery || !username) return replyJson(res, 200, { id: BUSINESS_ID });
    if (username === "garbled") return replyGarbled(res);
    const account = ACCOUNTS.find((item) => item.username === username);
    if (!account) return graphError(res, 110, "Invalid user id", 2207013);
    return replyJson(res, 200, { business_discovery: { ...pick(userFields(account), discovery.children), id: account.id }, id: BUSINESS_ID });
  },
};

function userFields(account: FakeInstagrammer): Record<string, (field: Field) => unknown> {
  return {
    username: () => account.username,
    name: () => account.name,
    profile_picture_url: () => initialsAvatar(account.name, account.hue),
    followers_count: () => account.followers,
    follows_count: () => 210,
    media_count: () => account.media.length,
    media: (field) => ({
      data: account.media.slice(0, Number(field.modifiers.limit ?? 25)).map((item) => ({
        ...pick(
          {
            caption: () => item.caption,
            permalink: () => `https://www.instagram.com/p/${item.code}/`,
            timestamp: () => new Date(itemSeconds(item) * 1000).toISOString().replace(/\.\d{3}Z$/, "+0000"),
            media_url: () => `https://scontent.cdninstagram.com/v/${item.code}.jpg`,
          },
          field.children,
        ),
        id: item.id,
      })),
    }),
  };
}

type Field = { name: string; modifiers: Record<string, string>; children: Field[] };

function pick(values: Record<string, (field: Field) => unknown>, fields: Field[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field.name in values).map((field) => [field.name, values[field.name]!(field)]));
}

/** Graph field expansion: `a,b.limit(1){c,d},business_discovery.username(x){…}`. */
function parseFields(text: string): Field[] {
  let at = 0;
  const list = (): Field[] => {
    const fields: Field[] = [];
    while (at < text.length && text[at] !== "}") {
      const name = /^[a-z_]+/.exec(text.slice(at))?.[0] ?? "";
      at += name.length;
      const field: Field = { name, modifiers: {}, children: [] };
      for (let modifier = /^\.([a-z_]+)\(([^)]*)\)/.exec(text.slice(at)); modifier; modifier = /^\.([a-z_]+)\(([^)]*)\)/.exec(text.slice(at))) {
        field.modifiers[modifier[1]!] = modifier[2]!;
        at += modifier[0].length;
      }
      if (text[at] === "{") {
        at += 1;
        field.children = list();
        at += 1;
      }
      if (name) fields.push(field);
      if (text[at] === ",") at += 1;
      else if (text[at] !== "}") break;
    }
    return fields;
  };
  return list();
}

function graphError(res: FakeRequest["res"], code: number, message: string, subcode?: number): true {
  return replyJson(res, 400, { error: { message, type: "OAuthException", code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: randomBytes(8).toString("base64url") } });
}
