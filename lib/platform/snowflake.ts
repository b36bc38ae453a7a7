// Snowflake ids (spec 9: epoch 1420070400000 ms) and the zod schemas every route and
// plugin uses for them. Pure and client-safe (no Node APIs).
// The schemas are inputText() (lib/validation/text.ts): a NUL or an unpaired surrogate in
// an id is refused with that message rather than a bare "must be a … id".
import { z } from "zod";
import { inputText } from "@/lib/validation/text";

export const PLATFORM_EPOCH_MS = 1420070400000;

const MAX_SNOWFLAKE = (1n << 64n) - 1n;

/** The one spelling of an id: 17 to 20 decimal digits (middleware.ts keeps its own copy). */
export const SNOWFLAKE_PATTERN = /^\d{17,20}$/;

/** Whether an id of the pattern's digits also fits in 64 bits (20 digits reach 10^20 > 2^64). */
export const fitsSnowflake = (value: string) => !SNOWFLAKE_PATTERN.test(value) || BigInt(value) <= MAX_SNOWFLAKE;

/** A platform id as zod checks it; `what` names it in the error ("must be a guild id"). */
export const platformId = (what: string) => inputText().regex(SNOWFLAKE_PATTERN, `must be a ${what} id`).refine(fitsSnowflake, `must be a ${what} id`);

export const snowflake = platformId("platform");

/** Path params of every guild-scoped route: `{ guildId }`; extend it for more segments. */
export const guildIdParams = z.object({ guildId: platformId("guild") });

/** A snowflake: a decimal string of 17 to 20 digits that fits in 64 bits. */
export function isSnowflake(value: unknown): value is string {
  return typeof value === "string" && SNOWFLAKE_PATTERN.test(value) && fitsSnowflake(value);
}

/** Milliseconds since the Unix epoch at which the snowflake was created. Throws RangeError on a non-snowflake. */
export function snowflakeToTimestamp(id: string): number {
  if (!isSnowflake(id)) throw new RangeError(`Not a snowflake: ${JSON.stringify(id)}`);
  return Number(BigInt(id) >> 22n) + PLATFORM_EPOCH_MS;
}

/** The creation date encoded in a snowflake. Throws RangeError on a non-snowflake. */
export function snowflakeToDate(id: string): Date {
  return new Date(snowflakeToTimestamp(id));
}
