import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { publicRoute } from "@/lib/http/route";
import { checkLinkSignature, localFileResponse } from "@/lib/plugins/record/files";
import { getRecording } from "@/lib/plugins/record/recordings";
import { platformId } from "@/lib/platform/snowflake";
import { inputText, inputUuid } from "@/lib/validation/text";

// GET /api/recordings/file?guild&recording&expires&signature: a recording's audio from the
// uploads folder, for a download link the Record page handed out (lib/plugins/record/files.ts).
// The signature stands for the signed-in check (like an S3 presigned URL, the link works in a
// download manager); it is checked before anything is read, and a recording deleted since is gone.
const linkQuery = z.strictObject({
  guild: platformId("guild"),
  recording: inputUuid(),
  expires: z.coerce.number().int().min(0).max(2 ** 40),
  signature: inputText().max(64),
});

export const GET = publicRoute({ query: linkQuery }, async ({ query }) => {
  const refusal = checkLinkSignature(query, new Date());
  if (refusal === "link_expired") throw new ApiError(410, "link_expired", "This download link has expired: get a new one on the Record page.");
  if (refusal) throw new ApiError(403, "link_invalid", "This download link is not valid.");
  const recording = await getRecording(await getDb(), query.guild, query.recording);
  const response = recording && (await localFileResponse(recording.storageKey));
  if (!response) throw new ApiError(404, "recording_not_found", "This recording is no longer stored.");
  return response;
});
