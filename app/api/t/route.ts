import { NextResponse } from "next/server";
import { forwardUpload, uploadOfForm } from "@/lib/analytics/proxy";
import { ApiError } from "@/lib/http/api-error";
import { MAX_JSON_BODY_BYTES } from "@/lib/http/body-limits";
import { mediaType, readBounded } from "@/lib/http/read-body";
import { publicRoute } from "@/lib/http/route";

// POST /api/t (spec 7): the form-encoded upload (client, e, v 2, upload_time, checksum) a
// beacon can send, passed on to Amplitude like /api/mpp's. Spec 8: only `success` with 200 says
// the events were taken; anything else is Amplitude's answer as it came.

export const POST = publicRoute({ budget: "analytics", csrf: "origin" }, async ({ req, session }) => {
  if (mediaType(req) !== "application/x-www-form-urlencoded") throw new ApiError(415, "unsupported_media_type", "Send the upload form-encoded (application/x-www-form-urlencoded).");
  const bytes = await readBounded(req, MAX_JSON_BODY_BYTES, () => new ApiError(413, "payload_too_large", "The request body is too large."));
  const answer = await forwardUpload(req, session, uploadOfForm(new URLSearchParams(new TextDecoder().decode(bytes))));
  if (answer.status === 200) return new Response("success", { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return NextResponse.json(answer.body, { status: answer.status });
});
