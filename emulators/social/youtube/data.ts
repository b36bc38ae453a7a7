import { initialsAvatar } from "../initials-avatar";

// The demo's YouTube: "ada" finds three channels, each with uploads (newest first).

/** `duration` is ISO 8601, as videos.list gives it (contentDetails.duration). */
export type FakeVideo = { id: string; title: string; description: string; published_at: string; duration: string };
export type FakeYoutubeChannel = {
  id: string;
  title: string;
  handle: string;
  description: string;
  colour: string;
  published_at: string;
  subscribers: number;
  hidden_subscribers: boolean;
  videos: FakeVideo[];
};

export const YOUTUBE_CHANNELS: FakeYoutubeChannel[] = [
  {
    id: "UCa7dLovelaceAcademy01xQ",
    title: "Ada Lovelace Academy",
    handle: "@adalovelaceacademy",
    description: "Computing from first principles: notes, engines and programs.",
    colour: "#c53030",
    published_at: "2016-03-08T10:00:00Z",
    subscribers: 182000,
    hidden_subscribers: false,
    videos: [
      { id: "q9XkD3b7Y_w", title: "Note G, line by line: the first program", description: "We read the Bernoulli program together.", published_at: "2026-11-21T16:00:07Z", duration: "PT18M42S" },
      { id: "Lm2pV8cT1sQ", title: "How the Analytical Engine stores numbers", description: "Columns, wheels and the store.", published_at: "2026-11-14T16:00:02Z", duration: "PT12M5S" },
    ],
  },
  {
    id: "UCadaPlaysClips00000000A",
    title: "Ada Plays",
    handle: "@adaplays",
    description: "Highlights from the ada_plays streams.",
    colour: "#6b46c1",
    published_at: "2019-07-19T12:30:00Z",
    subscribers: 23100,
    hidden_subscribers: true,
    videos: [{ id: "Zr4tB6nE0aU", title: "Best of November: chat wins again", description: "The month's funniest moments.", published_at: "2026-11-23T18:45:00Z", duration: "PT9M31S" }],
  },
  {
    id: "UCadastraGaming000000002",
    title: "Adastra Gaming",
    handle: "@adastragg",
    description: "VALORANT guides and ranked VODs.",
    colour: "#dd6b20",
    published_at: "2020-05-01T08:00:00Z",
    subscribers: 7420,
    hidden_subscribers: false,
    videos: [],
  },
  {
    id: "UCnightOwlRadio0000000Zz",
    title: "NightOwl Radio",
    handle: "@nightowlradio",
    description: "Lo-fi beats to sleep to.",
    colour: "#2b6cb0",
    published_at: "2014-02-11T22:00:00Z",
    subscribers: 1240000,
    hidden_subscribers: false,
    videos: [{ id: "aB3dE5fG7hI", title: "lo-fi for rainy nights", description: "Three hours of rain and piano.", published_at: "2026-11-20T21:00:00Z", duration: "PT3H0M1S" }],
  },
];

export const uploadsPlaylistOf = (channel: FakeYoutubeChannel) => `UU${channel.id.slice(2)}`;
export const youtubeAvatar = (channel: FakeYoutubeChannel) => initialsAvatar(channel.title, channel.colour);
