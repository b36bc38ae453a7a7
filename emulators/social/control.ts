import { z } from "zod";

// The control API's hands on the fakes' worlds (server.ts): a streamer going live or offline,
// a new video, post or feed entry. Each fake that has such sources answers for the providers it
// stands in for, and puts its world back as it started on POST /__fake/reset.

export const liveInput = z.object({
  provider: z.enum(["twitch", "kick"]),
  /** The Twitch login or Kick slug (or the user id). */
  login: z.string().min(1),
  live: z.boolean(),
  /** The stream's title from now on. */
  title: z.string().min(1).optional(),
});
export type LiveInput = z.output<typeof liveInput>;

export const publishInput = z.object({
  provider: z.enum(["youtube", "reddit", "twitter", "tiktok", "instagram", "rss", "podcasts"]),
  /** The channel (id or @handle), subreddit, account (username or id) or feed (its file name, e.g. "ada-notes.xml", or its URL). */
  source: z.string().min(1),
  title: z.string().min(1).optional(),
});
export type PublishInput = z.output<typeof publishInput>;

/** What the control route answers: the new item's or stream's id and the like, or null when the source is unknown (404). */
export type ControlAnswer = Record<string, unknown> | null;

export type FakeControl = {
  /** The providers, as the control API names them, whose sources this fake holds. */
  providers: readonly (LiveInput["provider"] | PublishInput["provider"])[];
  live?(input: LiveInput): ControlAnswer;
  publish?(input: PublishInput): ControlAnswer;
  /** Back to the world it started with. */
  reset(): void;
};

/** A function putting `items` back as they are now: what POST /__fake/reset does after tests changed them. */
export function restorer<T>(items: T[]): () => void {
  const initial = structuredClone(items);
  return () => {
    items.splice(0, items.length, ...structuredClone(initial));
  };
}

/** Now, to the second, as the providers' APIs write times. */
export function nowIso(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
}
