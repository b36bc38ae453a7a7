// The demo's podcasts: what the iTunes Search fake finds and the feeds fake serves.

export type Show = {
  slug: string;
  title: string;
  author: string;
  about: string;
  genre: string;
  collectionId: number;
  episodes: { title: string; date: string; minutes: number }[];
};

/** "Ada's Code Hour" has a hand-written feed (samples/podcast.ts); the others are generated from these lines. */
export const SHOWS: Show[] = [
  {
    slug: "code-hour",
    title: "Ada's Code Hour",
    author: "Ada Lovelace & friends",
    about: "A weekly hour about programming, from Note G to the language you used this morning.",
    genre: "Technology",
    collectionId: 1598765432,
    episodes: [],
  },
  {
    slug: "ada-plays-radio",
    title: "ada_plays Radio",
    author: "ada_plays",
    about: "Speedruns, patch notes and the week in indie games, from the ada_plays stream.",
    genre: "Video Games",
    collectionId: 1623456789,
    episodes: [
      { title: "Any% in 41 minutes: the route explained", date: "2026-11-24T17:00:00Z", minutes: 52 },
      { title: "Patch 3.2 broke my favourite skip", date: "2026-11-17T17:00:00Z", minutes: 47 },
    ],
  },
  {
    slug: "adaptive-minds",
    title: "Adaptive Minds",
    author: "Dr. Ada Okafor",
    about: "Conversations on learning, memory and how brains change.",
    genre: "Science",
    collectionId: 1534567890,
    episodes: [{ title: "Sleep and the consolidation of skills", date: "2026-11-20T05:00:00Z", minutes: 38 }],
  },
  {
    slug: "engines-and-numbers",
    title: "Engines & Numbers",
    author: "The Babbage Society",
    about: "Mechanical computing, past and present.",
    genre: "History",
    collectionId: 1487654321,
    episodes: [{ title: "The mill, the store and the printer", date: "2026-11-10T09:00:00Z", minutes: 44 }],
  },
];
