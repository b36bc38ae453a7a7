import type { FakeHandler, SocialFake } from "../fakes";
import { FAKE_CLIENT } from "./accounts";
import { handleTiktok } from "./tiktok";
import { handleTwitch } from "./twitch";
import { handleTwitter } from "./twitter";

// The OAuth stand-in for linking accounts (lib/account-links/): one segment, `/oauth/{provider}/…`
// with each provider's real paths below it. It is listed once per provider, all entries with the
// same segment and handler (the server routes to the first), so that npm start points only the
// providers without real credentials at it.

const handle: FakeHandler = (request) => {
  const [provider, ...rest] = request.path;
  const path = rest.join("/");
  if (provider === "twitch") return handleTwitch(request, path);
  if (provider === "twitter") return handleTwitter(request, path);
  if (provider === "tiktok") return handleTiktok(request, path);
  return false;
};

export const OAUTH_FAKES: SocialFake[] = [
  {
    segment: "oauth",
    handle,
    env: (base) => ({ TWITCH_OAUTH_URL: `${base}/oauth/twitch`, TWITCH_CLIENT_ID: FAKE_CLIENT.id, TWITCH_CLIENT_SECRET: FAKE_CLIENT.secret }),
    configuredBy: ["TWITCH_CLIENT_ID", "TWITCH_CLIENT_SECRET"],
  },
  {
    segment: "oauth",
    handle,
    env: (base) => ({ TWITTER_OAUTH_URL: `${base}/oauth/twitter`, TWITTER_CLIENT_ID: FAKE_CLIENT.id, TWITTER_CLIENT_SECRET: FAKE_CLIENT.secret }),
    configuredBy: ["TWITTER_CLIENT_ID", "TWITTER_CLIENT_SECRET"],
  },
  {
    segment: "oauth",
    handle,
    env: (base) => ({ TIKTOK_OAUTH_URL: `${base}/oauth/tiktok`, TIKTOK_CLIENT_KEY: FAKE_CLIENT.id, TIKTOK_CLIENT_SECRET: FAKE_CLIENT.secret }),
    configuredBy: ["TIKTOK_CLIENT_KEY", "TIKTOK_CLIENT_SECRET"],
  },
];
