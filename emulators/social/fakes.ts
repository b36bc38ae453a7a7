import type { IncomingMessage, ServerResponse } from "node:http";
import type { FakeControl } from "./control";
import { feedsFake } from "./feeds/fake";
import { itunesFake } from "./itunes/fake";
import { OAUTH_FAKES } from "./oauth";
import { instagramFake } from "./instagram";
import { redditFake } from "./reddit";
import { tiktokFake } from "./tiktok";
import { twitterFake } from "./twitter";
import { kickFake } from "./kick";
import { MUSIC_LINK_FAKES } from "./music-links";
import { twitchFake } from "./twitch";
import { youtubeFake } from "./youtube";

// The providers the social fake stands in for, each under its own first path segment
// (`/twitch/helix/users`, `/youtube/v3/search`…) and each in its own file beside this one,
// answering with the provider's real request and response shapes.

export type FakeRequest = { req: IncomingMessage; res: ServerResponse; url: URL; body: string; path: string[] };
/** Answers one request below its segment (`path` without it); false when no route matches (404). */
export type FakeHandler = (request: FakeRequest) => boolean | Promise<boolean>;

export type SocialFake = {
  /** The segment its routes live under. */
  segment: string;
  handle: FakeHandler;
  /** Settings lib/env.ts reads to point the adapter at this fake (`base` is the fake's origin). */
  env(base: string): Record<string, string>;
  /** The credential settings that mean "a real account is configured": npm start leaves such a provider alone. */
  configuredBy: readonly string[];
  /** Its sources' doings for the control API (POST /__fake/live, /__fake/publish), when it has sources. */
  control?: FakeControl;
};

export const SOCIAL_FAKES: SocialFake[] = [twitchFake, youtubeFake, kickFake, redditFake, twitterFake, tiktokFake, instagramFake, feedsFake, itunesFake, ...MUSIC_LINK_FAKES, ...OAUTH_FAKES];
