import { initialsAvatar } from "../initials-avatar";

// The fake's subreddits and their newest posts ("ada" finds several). Post times are hours
// before the request, so a preview always shows a recent post.

export type FakeSubreddit = {
  name: string;
  display_name: string;
  title: string;
  public_description: string;
  subscribers: number;
  over18: boolean;
  /** Private: its pages answer 403, as Reddit's do to whoever is not a member. */
  private?: boolean;
  hue: number;
  /** `at`: the second the control API published it. */
  posts: { id: string; title: string; author: string; hoursAgo: number; at?: number; thumbnail: string }[];
};

export const SUBREDDITS: FakeSubreddit[] = [
  {
    name: "t5_2qhx4",
    display_name: "ada",
    title: "The Ada Programming Language",
    public_description: "News and discussion about Ada and SPARK.",
    subscribers: 12_480,
    over18: false,
    hue: 210,
    posts: [
      { id: "1cx0a1", title: "Ada 2022 parallel blocks: first impressions", author: "spark_fan", hoursAgo: 2, thumbnail: "self" },
      { id: "1cw9z8", title: "GNAT 14 released", author: "adacore_news", hoursAgo: 30, thumbnail: "self" },
    ],
  },
  {
    name: "t5_3b8kq",
    display_name: "adaprogramming",
    title: "Ada programming help",
    public_description: "Questions and answers for Ada learners.",
    subscribers: 3_215,
    over18: false,
    hue: 160,
    posts: [{ id: "1cx1b2", title: "How do I read a file line by line in Ada?", author: "curious_coder", hoursAgo: 5, thumbnail: "self" }],
  },
  {
    name: "t5_2rmz9",
    display_name: "AdaLovelace",
    title: "Ada Lovelace: history and legacy",
    public_description: "The first programmer, her notes and her times.",
    subscribers: 8_760,
    over18: false,
    hue: 300,
    posts: [{ id: "1cx2c3", title: "Note G, annotated line by line", author: "analytical_engine", hoursAgo: 9, thumbnail: "self" }],
  },
  {
    name: "t5_2s3qf",
    display_name: "adafruit",
    title: "Adafruit Industries",
    public_description: "Open-source hardware, electronics and makers.",
    subscribers: 65_120,
    over18: false,
    hue: 25,
    posts: [{ id: "1cx3d4", title: "My first NeoPixel matrix clock", author: "maker_mo", hoursAgo: 1, thumbnail: "self" }],
  },
  {
    name: "t5_8adaq1",
    display_name: "AdaNewcomers",
    title: "Ada newcomers",
    public_description: "A quiet place to start. No posts yet.",
    subscribers: 42,
    over18: false,
    hue: 95,
    posts: [],
  },
  {
    name: "t5_9prv01",
    display_name: "EngineRoom",
    title: "The engine room",
    public_description: "Members only.",
    subscribers: 17,
    over18: false,
    private: true,
    hue: 0,
    posts: [{ id: "1cx4e5", title: "Members only: the drawings", author: "babbage_c", hoursAgo: 4, thumbnail: "self" }],
  },
];

export function subredditThing(sub: FakeSubreddit) {
  return {
    kind: "t5",
    data: {
      id: sub.name.slice(3),
      name: sub.name,
      display_name: sub.display_name,
      display_name_prefixed: `r/${sub.display_name}`,
      title: sub.title,
      public_description: sub.public_description,
      subscribers: sub.subscribers,
      icon_img: "",
      community_icon: initialsAvatar(sub.display_name, sub.hue),
      over18: sub.over18,
      subreddit_type: sub.private ? "private" : "public",
      url: `/r/${sub.display_name}/`,
    },
  };
}

export function listing(children: unknown[]) {
  return { kind: "Listing", data: { after: null, dist: children.length, modhash: "", geo_filter: "", children, before: null } };
}
