import { initialsAvatar } from "../initials-avatar";

// The demo's Kick: the slugs "ada", "ada_plays" (live), "adastra" and "adacodes". Kick has no
// search, so typing "ada" finds the channel whose slug is exactly that.

export type FakeKickChannel = {
  broadcaster_user_id: number;
  slug: string;
  name: string;
  colour: string;
  description: string;
  category: { id: number; name: string };
  stream_title: string;
  stream?: { started_at: string; viewer_count: number };
};

export const KICK_CHANNELS: FakeKickChannel[] = [
  {
    broadcaster_user_id: 1204433,
    slug: "ada",
    name: "Ada",
    colour: "#805ad5",
    description: "Retro games and long chats.",
    category: { id: 15, name: "Just Chatting" },
    stream_title: "Sunday retro marathon",
  },
  {
    broadcaster_user_id: 4377088,
    slug: "ada_plays",
    name: "ada_plays",
    colour: "#53fc18",
    description: "Cosy mornings, chat and the odd speedrun.",
    category: { id: 15, name: "Just Chatting" },
    stream_title: "Coffee, chat and chill ☕",
    stream: { started_at: "2026-11-24T08:05:00Z", viewer_count: 642 },
  },
  {
    broadcaster_user_id: 8120555,
    slug: "adastra",
    name: "Adastra",
    colour: "#dd6b20",
    description: "Ranked every evening.",
    category: { id: 29, name: "VALORANT" },
    stream_title: "radiant or bust",
  },
  {
    broadcaster_user_id: 9902117,
    slug: "adacodes",
    name: "AdaCodes",
    colour: "#2f855a",
    description: "Live coding, mostly Rust.",
    category: { id: 8549, name: "Software Development" },
    stream_title: "Writing a tiny interpreter",
  },
];

export const kickAvatar = (channel: FakeKickChannel) => initialsAvatar(channel.name, channel.colour);
