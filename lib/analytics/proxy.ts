import "server-only";
import { createHash } from "node:crypto";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { parseInput } from "@/lib/http/route";
import { sessionIdOf } from "@/lib/http/session-id";
import type { Session } from "@/lib/session/session-cookie";
import { findUser } from "@/lib/users/queries";
import { inputText } from "@/lib/validation/text";
import { CONSENT_COOKIE, consentOf } from "./consent";
import { isValidDeviceId } from "./upload-rules";

// The first-party analytics proxy (spec 7: /api/mpp, and /t's form-encoded upload): the
// browser SDK posts here, on our origin, so ad blockers and the page's CSP let it through.
// Each upload is checked (zod, the body bounded by the route), refused without the visitor's
// consent, given the server's key, the signed-in user's analytics id and the browser's session
// id, and passed on to AMPLITUDE_SERVER_URL. Amplitude's answer comes back as it is (its
// `code`, the indexes of a 400, a 413, a 429), so the SDK applies its own rules to it.

/** Spec 9: string cap 4096, 1000 properties per object. */
const MAX_STRING = 4096;
const MAX_PROPERTIES = 1000;
/** More than one upload holds (spec 9: batch 100) with room for a halved batch's retries. */
const MAX_EVENTS = 200;
const FORWARD_TIMEOUT_MS = 10_000;

const text = inputText().max(MAX_STRING);
const properties = z.record(inputText().max(1024), z.unknown()).refine((record) => Object.keys(record).length <= MAX_PROPERTIES, `at most ${MAX_PROPERTIES} properties`);

const event = z.looseObject({
  event_type: text.min(1),
  user_id: text.optional(),
  device_id: text.optional(),
  time: z.number().int().nonnegative().optional(),
  session_id: z.number().int().optional(),
  insert_id: text.optional(),
  event_properties: properties.optional(),
  user_properties: properties.optional(),
});

export const uploadBody = z.strictObject({
  api_key: inputText().max(200),
  events: z.array(event).min(1).max(MAX_EVENTS),
  options: z.looseObject({}).optional(),
  client_upload_time: text.optional(),
  request_metadata: z.looseObject({}).optional(),
});

export type Upload = z.infer<typeof uploadBody>;
export type AmplitudeAnswer = { status: number; body: Record<string, unknown> };

/** Spec 7's form upload (/t): client (the key), e (the events, JSON), v 2, upload_time, checksum. */
const formUpload = z.strictObject({
  client: inputText().max(200),
  e: inputText().max(900_000),
  v: z.literal("2"),
  upload_time: inputText().regex(/^\d{1,15}$/, "must be a time in milliseconds"),
  checksum: inputText().regex(/^[0-9a-f]{32}$/, "must be an MD5 checksum"),
});

/** The form upload as an HTTP V2 upload: 400 when its checksum (MD5 of v, client, e, upload_time) does not match. */
export function uploadOfForm(form: URLSearchParams): Upload {
  const fields = parseInput(formUpload, Object.fromEntries(form), "body");
  const expected = createHash("md5").update(`${fields.v}${fields.client}${fields.e}${fields.upload_time}`).digest("hex");
  if (expected !== fields.checksum) throw new ApiError(400, "analytics_checksum_mismatch", "The upload's checksum does not match its events.");
  let events: unknown;
  try {
    events = JSON.parse(fields.e);
  } catch {
    throw new ApiError(400, "invalid_json", "The events are not valid JSON.");
  }
  return parseInput(uploadBody, { api_key: fields.client, events }, "body");
}

/** Passes one upload on to Amplitude as the caller's, or refuses it. */
export async function forwardUpload(req: NextRequest, session: Session | null, upload: Upload): Promise<AmplitudeAnswer> {
  const settings = getEnv().analytics;
  if (!settings) throw new ApiError(503, "analytics_unavailable", "Analytics is not configured.");
  if (!consentOf(req.cookies.get(CONSENT_COOKIE)?.value)?.analytics) throw new ApiError(403, "analytics_consent_missing", "Analytics is off: the visitor did not agree to it.");
  // Spec 8: refused by index in Amplitude's own words, so the SDK drops exactly these and sends the rest again.
  const badDevices = upload.events.flatMap((item, index) => (isValidDeviceId(item.device_id) ? [] : [index]));
  if (badDevices.length > 0) return { status: 400, body: { code: 400, error: "Invalid device id", events_with_invalid_fields: { device_id: badDevices }, events_with_missing_fields: {}, events_with_invalid_id_lengths: {}, silenced_events: [] } };
  const userId = session ? (await findUser(await getDb(), session.userId))?.analyticsId : undefined;
  const sessionId = sessionIdOf(req.headers);
  const events = upload.events.map((item) => ({
    ...item,
    // Who the user is comes from the session, never from the browser.
    user_id: userId,
    event_properties: sessionId === undefined ? item.event_properties : { ...item.event_properties, app_session_id: sessionId },
  }));
  const response = await fetch(settings.serverUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ ...upload, api_key: settings.apiKey, events }),
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  }).catch((error: unknown) => {
    console.error("[analytics] the upload did not reach Amplitude", error);
    throw new ApiError(502, "analytics_upstream_unavailable", "Analytics is not answering right now.");
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, body: body ?? { code: response.status } };
}
