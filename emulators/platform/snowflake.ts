// Discord snowflakes: milliseconds since the Discord epoch in the top 42 bits,
// then worker (5), process (5) and a 12-bit increment.
export const DISCORD_EPOCH = 1420070400000n;

export function snowflakeAt(isoDate: string, increment = 0, worker = 1, processId = 0): string {
  const ms = BigInt(Date.parse(isoDate));
  if (ms < DISCORD_EPOCH) throw new Error(`date before the Discord epoch: ${isoDate}`);
  return (
    ((ms - DISCORD_EPOCH) << 22n) |
    (BigInt(worker & 31) << 17n) |
    (BigInt(processId & 31) << 12n) |
    BigInt(increment & 0xfff)
  ).toString();
}

export function snowflakeDate(id: string): Date {
  return new Date(Number((BigInt(id) >> 22n) + DISCORD_EPOCH));
}

/** Numeric comparison; ids are decimal strings of different lengths. */
export function compareSnowflakes(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
