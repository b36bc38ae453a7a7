import { initialsAvatar } from "../initials-avatar";

// The fake's X accounts and their newest posts (newest first). Times are hours before the request.

export type FakeXUser = {
  id: string;
  username: string;
  name: string;
  followers: number;
  hue: number;
  /** Protected: its posts are for approved followers only, so an app sees none. */
  protected?: boolean;
  /** `at`: the second the control API published it. */
  posts: { id: string; text: string; hoursAgo: number; at?: number }[];
};

export const X_USERS: FakeXUser[] = [
  {
    id: "1580001122334455667",
    username: "ada",
    name: "Ada",
    followers: 2_310,
    hue: 200,
    posts: [{ id: "1790000000000000001", text: "New blog post: notes on the Analytical Engine, part 3.", hoursAgo: 4 }],
  },
  {
    id: "1580001122334455668",
    username: "adalovelace",
    name: "Ada Lovelace",
    followers: 48_215,
    hue: 320,
    posts: [
      { id: "1790000000000000011", text: "The engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves.", hoursAgo: 1 },
      { id: "1790000000000000010", text: "Working on Note G tonight.", hoursAgo: 26 },
    ],
  },
  {
    id: "1580001122334455669",
    username: "adacodes",
    name: "Ada Codes",
    followers: 3_120,
    hue: 140,
    posts: [{ id: "1790000000000000021", text: "Live-coding a Discord bot in TypeScript at 6pm UTC 🚀", hoursAgo: 3 }],
  },
  { id: "1580001122334455670", username: "ada_quiet", name: "Ada (no posts yet)", followers: 12, hue: 60, posts: [] },
  {
    id: "1580001122334455671",
    username: "ada_locked",
    name: "Ada (protected)",
    followers: 40,
    hue: 0,
    protected: true,
    posts: [{ id: "1790000000000000031", text: "For approved followers only.", hoursAgo: 2 }],
  },
];

export function xUserObject(user: FakeXUser, fields: string[]) {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    ...(fields.includes("profile_image_url") ? { profile_image_url: initialsAvatar(user.name, user.hue) } : {}),
    ...(fields.includes("public_metrics")
      ? { public_metrics: { followers_count: user.followers, following_count: 180, tweet_count: 900 + user.posts.length, listed_count: 40 } }
      : {}),
  };
}
