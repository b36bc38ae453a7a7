import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { getEnv } from "@/lib/env";
import { S3Storage } from "@/lib/storage/s3";
import { presignUrl } from "@/lib/storage/sigv4";
import { guildOfRecordingKey, recordingContentType } from "./keys";

// A recording's audio, where the bot stored it: the S3 bucket when S3 is configured, else the
// uploads folder (UPLOADS_DIR/recordings/<guild>/<file>). A download link is short-lived: an S3
// presigned GET, or a link to /api/recordings/file signed with a key derived from SESSION_SECRET
// (HMAC over the recording, its guild and the expiry), which that route checks before streaming.

/** How long a download link works. */
export const LINK_LIFETIME_S = 300;

export type DownloadLink = { url: string; expires_at: string };

function mac(payload: string): string {
  const key = createHmac("sha256", getEnv().SESSION_SECRET).update("recording-download").digest();
  return createHmac("sha256", key).update(payload).digest("base64url");
}

const payloadOf = (guildId: string, recordingId: string, expires: number) => `v1.${guildId}.${recordingId}.${expires}`;

/** A link that downloads the recording for LINK_LIFETIME_S seconds after `now`. */
export function downloadLink(recording: { guildId: string; id: string; storageKey: string }, now: Date): DownloadLink {
  const env = getEnv();
  const expires = Math.floor(now.getTime() / 1000) + LINK_LIFETIME_S;
  const expiresAt = new Date(expires * 1000).toISOString();
  if (env.s3) {
    const url = presignUrl({ method: "GET", url: new S3Storage(env.s3).objectUrl(recording.storageKey), credentials: env.s3, region: env.s3.region, service: "s3", expiresIn: LINK_LIFETIME_S, now });
    return { url: url.toString(), expires_at: expiresAt };
  }
  const url = new URL("/api/recordings/file", env.APP_URL);
  url.searchParams.set("guild", recording.guildId);
  url.searchParams.set("recording", recording.id);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", mac(payloadOf(recording.guildId, recording.id, expires)));
  return { url: url.toString(), expires_at: expiresAt };
}

/** Why a local link is refused, or null when it is good now. */
export function checkLinkSignature(link: { guild: string; recording: string; expires: number; signature: string }, now: Date): "link_expired" | "link_invalid" | null {
  const expected = Buffer.from(mac(payloadOf(link.guild, link.recording, link.expires)));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "link_invalid";
  return link.expires * 1000 > now.getTime() ? null : "link_expired";
}

/** The file of a recording key in the uploads folder; the key's pattern keeps it inside. */
function localPath(storageKey: string): string {
  if (guildOfRecordingKey(storageKey) === null) throw new Error(`not a recording key: ${JSON.stringify(storageKey)}`);
  return path.join(path.resolve(getEnv().UPLOADS_DIR), storageKey);
}

/** The recording's audio from the uploads folder as a download, or null when the file is not there. */
export async function localFileResponse(storageKey: string): Promise<Response | null> {
  const file = localPath(storageKey);
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    return null;
  }
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "content-type": recordingContentType(storageKey),
      "content-length": String(size),
      "content-disposition": `attachment; filename="${path.basename(storageKey)}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** Removes a recording's audio; a file already gone is not an error. */
export async function deleteRecordingFile(storageKey: string, now = new Date()): Promise<void> {
  const env = getEnv();
  if (!env.s3) return rm(localPath(storageKey), { force: true });
  const url = presignUrl({ method: "DELETE", url: new S3Storage(env.s3).objectUrl(storageKey), credentials: env.s3, region: env.s3.region, service: "s3", expiresIn: 60, now });
  const response = await fetch(url, { method: "DELETE", redirect: "manual", cache: "no-store", signal: AbortSignal.timeout(15_000) });
  await response.body?.cancel();
  if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${storageKey} answered ${response.status}`);
}
