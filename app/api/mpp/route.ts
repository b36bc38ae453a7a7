import { NextResponse } from "next/server";
import { forwardUpload, uploadBody } from "@/lib/analytics/proxy";
import { publicRoute } from "@/lib/http/route";

// The analytics proxy (spec 7: /api/mpp): the browser SDK's HTTP V2 uploads, passed on to
// Amplitude (lib/analytics/proxy.ts). Its answer is Amplitude's, status and body, for the SDK.
// Checked by Origin only: the SDK's transport adds no anti-forgery header, and an upload
// changes nothing of the caller's.

export const POST = publicRoute({ body: uploadBody, budget: "analytics", csrf: "origin" }, async ({ req, session, body }) => {
  const answer = await forwardUpload(req, session, body);
  return NextResponse.json(answer.body, { status: answer.status });
});
