import "server-only";
import { getEnv } from "@/lib/env";
import { ApiError } from "./api-error";

// Per-user request budget, in process (DESIGN "Scale": moves to Redis when
// instances must share it). A fixed one-minute window per user and kind.

const WINDOW_MS = 60_000;
const windows = new Map<string, { start: number; count: number }>();

export function assertWithinRateLimit(userId: string, kind: "read" | "write", now = Date.now()): void {
  const env = getEnv();
  const limit = kind === "read" ? env.RATE_LIMIT_READS_PER_MINUTE : env.RATE_LIMIT_WRITES_PER_MINUTE;
  const key = `${kind}:${userId}`;
  let window = windows.get(key);
  if (!window || now - window.start >= WINDOW_MS) {
    if (windows.size > 50_000) prune(now);
    window = { start: now, count: 0 };
    windows.set(key, window);
  }
  window.count += 1;
  if (window.count > limit) {
    const retryAfter = Math.ceil((window.start + WINDOW_MS - now) / 1000);
    throw new ApiError(429, "rate_limited", `Too many requests. Try again in ${retryAfter} seconds.`, undefined, retryAfter);
  }
}

function prune(now: number) {
  for (const [key, window] of windows) if (now - window.start >= WINDOW_MS) windows.delete(key);
}
