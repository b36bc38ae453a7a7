import { z } from "zod";
import { changesQuery, changesSchema, customBotParams, customBotSchema, eventsBody, eventsSchema, guildConfigParams, guildConfigSchema, MAX_EVENTS_PER_BATCH, MAX_WAIT_SECONDS } from "./schemas";

// The bot API's routes as data: each route file under app/api/bot/v1 runs one of these
// (./route.ts parses its input with the schemas named here) and ./openapi.ts describes them
// all from the same entries.

export const BOT_API_BASE = "/api/bot/v1";

export type BotRouteSpec<P = unknown, Q = unknown, B = unknown> = {
  method: "GET" | "POST";
  /** Below BOT_API_BASE, as OpenAPI writes paths ({name} for a path parameter, named as the route's folder). */
  path: string;
  summary: string;
  description: string;
  /** Open to anyone (the description of the API itself); every other route needs a bot key. */
  public?: boolean;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  response: z.ZodType;
  /** Statuses of the error envelope it may answer, besides 401 for a missing or refused key. */
  errors: readonly number[];
};

const defineRoute = <P, Q, B>(spec: BotRouteSpec<P, Q, B>) => spec;

export const BOT_ROUTES = {
  guildConfig: defineRoute({
    method: "GET",
    path: "/guilds/{guildId}/config",
    summary: "A guild's whole configuration",
    description:
      "The server settings, every enabled plugin's config and every item of its collections (and the items of plugins that are off), read at one instant, with `version`: the change feed's position at that instant. Applying GET /changes?after=<version> to it, in order, keeps it current with nothing missed. 404 for a guild the bot is not in.",
    params: guildConfigParams,
    response: guildConfigSchema,
    errors: [400, 404],
  }),
  changes: defineRoute({
    method: "GET",
    path: "/changes",
    summary: "Committed configuration changes after a cursor",
    description: `Every committed change of every guild's configuration after \`after\`, in commit order, each once. With nothing newer yet, waits up to \`wait\` seconds (at most ${MAX_WAIT_SECONDS}) for one before answering an empty page. Continue with after=<cursor> of the answer, after a reconnect too. 409 for a cursor this feed never gave (another database).`,
    query: changesQuery,
    response: changesSchema,
    errors: [400, 409],
  }),
  events: defineRoute({
    method: "POST",
    path: "/events",
    summary: "Report what happened on the platform",
    description: `Up to ${MAX_EVENTS_PER_BATCH} events (member joins and leaves, hourly message counts, XP gains, giveaway entries, moderation cases, tickets opened, claimed and closed with their transcripts, finished voice recordings, shop wares bought (the answer says which role to give), a custom bot's token refused by the platform), each applied once by its \`key\`: sent again, it answers \`duplicate\` and changes nothing. An event that cannot apply (a guild the bot is not in, Levels or Ticketing off, a giveaway not running, a ticket channel already reported or not open, a ware sold out, over its per-member limit or too dear for the member, a custom bot that is not the guild's, a recording id reported before or stored in another guild's folder) is \`refused\` and changes nothing. A body that does not match the schema is refused whole (400).`,
    body: eventsBody,
    response: eventsSchema,
    errors: [400, 413, 415],
  }),
  customBot: defineRoute({
    method: "GET",
    path: "/guilds/{guildId}/custom-bot",
    summary: "A guild's custom bot, with its token",
    description:
      "The guild's custom bot (its owner's own application, run under the server's name and avatar): who it is, its status, presence and backstory, and its token while it is active and the guild's subscriptions include it. Needs a key with the `custom_bot_tokens` scope (`npm run bot-key -- create <name> --scope custom_bot_tokens`): 403 otherwise. Each answer holding a token is recorded in the guild's audit log with the key's id and name, never the token. Read it again when the change feed brings a `plugin` change of `custom_bot` (its version moves with every change of the custom bot). 404 when the guild has set none up.",
    params: customBotParams,
    response: customBotSchema,
    errors: [400, 403, 404],
  }),
  openapi: defineRoute({
    method: "GET",
    path: "/openapi.json",
    summary: "This description",
    description: "The OpenAPI 3.1 description of the bot API, generated from the schemas the routes parse with.",
    public: true,
    response: z.looseObject({ openapi: z.literal("3.1.0") }),
    errors: [],
  }),
} as const;
