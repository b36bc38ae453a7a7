import { initialsAvatar } from "../initials-avatar";

// The demo's Twitch: "ada" finds three streamers, one of them live.

export type FakeTwitchUser = {
  id: string;
  login: string;
  display_name: string;
  colour: string;
  description: string;
  broadcaster_type: "" | "affiliate" | "partner";
  created_at: string;
  followers: number;
  game_id: string;
  game_name: string;
  title: string;
  tags: string[];
  /** Set when live: the stream's id, start and viewers. */
  stream?: { id: string; started_at: string; viewer_count: number };
};

export const TWITCH_USERS: FakeTwitchUser[] = [
  {
    id: "141981764",
    login: "ada_plays",
    display_name: "ada_plays",
    colour: "#9146ff",
    description: "Cosy mornings, chat and the odd speedrun.",
    broadcaster_type: "affiliate",
    created_at: "2017-01-14T09:12:44Z",
    followers: 48213,
    game_id: "509658",
    game_name: "Just Chatting",
    title: "Morning coffee & chat ☕ | !socials",
    tags: ["English", "Chatting"],
    stream: { id: "40952121085", started_at: "2026-11-24T08:02:11Z", viewer_count: 1287 },
  },
  {
    id: "208734115",
    login: "adalovelacecodes",
    display_name: "AdaLovelaceCodes",
    colour: "#2f855a",
    description: "Building engines, analytical and otherwise. Rust, C and coffee.",
    broadcaster_type: "partner",
    created_at: "2018-12-10T18:40:02Z",
    followers: 12876,
    game_id: "1469308723",
    game_name: "Software and Game Development",
    title: "Building an analytical engine in Rust, part 7",
    tags: ["English", "Programming", "Rust"],
  },
  {
    id: "517305902",
    login: "adastra_gg",
    display_name: "adastra_gg",
    colour: "#c05621",
    description: "Radiant grind, every evening.",
    broadcaster_type: "",
    created_at: "2020-04-02T20:15:37Z",
    followers: 3054,
    game_id: "516575",
    game_name: "VALORANT",
    title: "road to radiant, no excuses",
    tags: ["English", "FPS"],
  },
  {
    id: "90411732",
    login: "nightowl_radio",
    display_name: "NightOwl_Radio",
    colour: "#2b6cb0",
    description: "Lo-fi beats to sleep to.",
    broadcaster_type: "partner",
    created_at: "2015-06-21T23:01:09Z",
    followers: 250311,
    game_id: "26936",
    game_name: "Music",
    title: "lo-fi all night 🦉",
    tags: ["Music"],
  },
];

export const twitchAvatar = (user: FakeTwitchUser) => initialsAvatar(user.display_name, user.colour);
