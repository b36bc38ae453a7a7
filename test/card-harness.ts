import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { resetEnvCache } from "@/lib/env";
import { isEnvelope, readBody } from "@/test/api";
import { startEmulatorHarness } from "@/test/emulator-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

export type CardHarness = { ada: CookieJar; guild: string; other: string; stop: () => Promise<void> };

/**
 * The emulator for the card tests (welcome card, rank card): uploads in a folder of their own,
 * removed by stop(); budgets out of the way of the many requests; Ada signed in, owning two
 * copies of workshop (`guild`, and `other` for another guild's images).
 */
export async function startCardHarness(name: string): Promise<CardHarness> {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), `guildhall-${name}-`));
  process.env.UPLOADS_DIR = uploadsDir;
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_RENDER_UNITS_PER_MINUTE = "100000";
  resetEnvCache();
  const harness = await startEmulatorHarness();
  resetEnvCache();
  const ada = await signedInJar(harness);
  return {
    ada,
    guild: addScratchGuild(harness, "workshop"),
    other: addScratchGuild(harness, "workshop"),
    async stop() {
      await harness.stop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** A PNG of random pixels: every call a new image, so uploads never coincide. */
export const noisePng = (width = 64, height = 32) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png().toBuffer();

export async function expectStatus<T>(response: Response, status: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

export async function expectError(response: Response, status: number, code: string) {
  const body = await readBody(response);
  expect({ status: response.status, code: (body as { code?: string }).code }).toEqual({ status, code });
  expect(isEnvelope(body, status)).toBe(true);
  return body as { fields?: Array<{ path: string; message: string }> };
}
