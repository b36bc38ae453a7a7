import { DEMO_USER_ID, EMULATOR_CLIENT_ID } from "../credentials";

// Hand-picked snowflakes; each decodes to the date in its comment, so account
// and server ages look plausible in the UI. Tests import these by name.

export const USER_IDS = {
  ada: DEMO_USER_ID, // 2016-03-14
  bjorn: "342392154494206137", // 2017-08-02
  chen: "514352386530214036", // 2018-11-20
  dani: "697211870108582036", // 2020-04-07
  emre: "893106369765441684", // 2021-09-30
  sam: "139413632000852079", // 2016-01-20
  bot: EMULATOR_CLIENT_ID, // 2023-04-24
  /** Third-party bots, so role lists contain other managed roles too. */
  chronicleBot: "311462949288017925", // 2017-05-09
  melodyBot: "491289239363911689", // 2018-09-17
} as const;

export const GUILD_IDS = {
  /** Ada owns it; bot present; has an icon. */
  workshop: "584327784348909864", // 2019-06-01
  /** Ada is ADMINISTRATOR through the "Admin" role; bot absent; animated icon. */
  pixelRaiders: "280084300022546617", // 2017-02-11
  /** Ada has MANAGE_GUILD through "Moderators"; bot present; no icon. */
  nightOwls: "772248292233969997", // 2020-10-31
  /** Ada has MANAGE_GUILD through "Leaderboard Staff"; bot absent; no icon. */
  speedrun: "442324589356384552", // 2018-05-05
  /** Ada is a plain member (a role with MODERATE_MEMBERS, 1 << 40); bot present. */
  lofi: "799574853152800916", // 2021-01-15
  /** Ada is a plain member; bot absent. */
  cozyCafe: "950654103594336404", // 2022-03-08
  /** Ada is not a member; owned by bjorn; bot present. */
  synthwave: "1131294386013995341", // 2023-07-19
  /** @everyone grants MANAGE_GUILD; Ada is a plain member; bot absent. */
  openMic: "1212851792090628355", // 2024-02-29
} as const;
