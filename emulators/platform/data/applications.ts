import { USER_IDS } from "./ids";
import type { UserFixture } from "./types";

// Applications of demo users that are not Guildhall: the bots they set up as a server's custom
// bot (lib/custom-bot). As on Discord, each application's bot user has the application's id, and a
// bot token's first part is that id in base64url. The tokens are fixed so a newcomer can paste one
// into the custom bot page (README); the control API can reset a token, which refuses the old one.

export interface ApplicationFixture {
  id: string;
  name: string;
  description: string;
  owner: string;
  /** The bot user, id = the application's. */
  bot: UserFixture;
  token: string;
}

const bot = (id: string, username: string, discriminator: string, avatar: string | null): UserFixture => ({
  id,
  username,
  global_name: null,
  discriminator,
  avatar,
  email: null,
  verified: true,
  locale: "en-US",
  flags: 0,
  premium_type: 0,
  mfa_enabled: false,
  bot: true,
});

export const APPLICATION_IDS = {
  /** Ada's own application: the demo custom bot. */
  workshopHelper: "1215962284032131072", // 2024-03-09
  /** bjorn's: a token of "another application" for tests. */
  nightOwl: "1275884627558531072", // 2024-08-21
} as const;

export const APPLICATIONS: readonly ApplicationFixture[] = [
  {
    id: APPLICATION_IDS.workshopHelper,
    name: "Workshop Helper",
    description: "Ada's own bot for the Workshop.",
    owner: USER_IDS.ada,
    bot: bot(APPLICATION_IDS.workshopHelper, "Workshop Helper", "0420", null),
    token: "MTIxNTk2MjI4NDAzMjEzMTA3Mg.GhDemo.workshop-helper-demo-token_0123456789",
  },
  {
    id: APPLICATION_IDS.nightOwl,
    name: "Night Owl",
    description: "bjorn's late-night helper.",
    owner: USER_IDS.bjorn,
    bot: bot(APPLICATION_IDS.nightOwl, "Night Owl", "1313", "6e1c0a7b9d2f4e3a8c5b1d0f2a3e4c5b"),
    token: "MTI3NTg4NDYyNzU1ODUzMTA3Mg.GhDemo.night-owl-demo-token_0123456789abcdef",
  },
];
