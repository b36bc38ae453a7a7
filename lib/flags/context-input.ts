import { z } from "zod";
import { platformId } from "@/lib/platform/snowflake";
import { inputText } from "@/lib/validation/text";

// The context a flag client sends to the frontend API (spec 7: GET with the context in the
// query, POST with a JSON body field `context`), as unleash-proxy-client writes it: its fields at
// the top, custom fields at the top or in `properties` (`properties[guildId]=…` in a query).
// Only guildId and, for a visitor who is not signed in, analyticsId are taken from it; the
// fields the SDK always sends (appName, environment, its own sessionId…) are accepted and
// ignored, since the server knows better (requestFlagContext, lib/flags/frontend-api.ts). Anything else is a 400:
// no caller may say it is staff.

const ignored = inputText().max(200).optional();
const analyticsId = inputText().regex(/^[\w.:-]{1,100}$/, "must be an analytics id");

const properties = z.strictObject({ guildId: platformId("guild").optional(), analyticsId: analyticsId.optional() });

const contextObject = z.strictObject({
  appName: ignored,
  environment: ignored,
  userId: ignored,
  sessionId: ignored,
  remoteAddress: ignored,
  currentTime: ignored,
  guildId: platformId("guild").optional(),
  analyticsId: analyticsId.optional(),
  properties: properties.optional(),
});

/** What the caller may say about the context: a guild to evaluate for, its analytics id when signed out. */
export type ContextInput = { guildId?: string; analyticsId?: string };

const asInput = (context: z.infer<typeof contextObject>): ContextInput => ({
  guildId: context.guildId ?? context.properties?.guildId,
  analyticsId: context.analyticsId ?? context.properties?.analyticsId,
});

/** `properties[name]=value` query keys folded into a `properties` object. */
function nestProperties(query: unknown): unknown {
  if (typeof query !== "object" || query === null) return query;
  const fields: Record<string, unknown> = {};
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const property = /^properties\[(.+)\]$/.exec(key)?.[1];
    if (property === undefined) fields[key] = value;
    else nested[property] = value;
  }
  return Object.keys(nested).length > 0 ? { ...fields, properties: nested } : fields;
}

/** GET /api/e: the context in the query. */
export const contextQuery = z.preprocess(nestProperties, contextObject.transform(asInput));

/** POST /api/e: `{ context }`. */
export const contextBody = z.strictObject({ context: contextObject.transform(asInput).optional() });
