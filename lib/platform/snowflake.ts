// Snowflake ids (spec 9: epoch 1420070400000 ms). Pure and client-safe.

export const PLATFORM_EPOCH_MS = 1420070400000;

const MAX_SNOWFLAKE = (1n << 64n) - 1n;

/** A snowflake: a decimal string of 17 to 20 digits that fits in 64 bits. */
export function isSnowflake(value: unknown): value is string {
  return typeof value === "string" && /^\d{17,20}$/.test(value) && BigInt(value) <= MAX_SNOWFLAKE;
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
