import { inputText } from "@/lib/validation/text";
import { isKnownTimeZone } from "./known-zone";

export const UNKNOWN_ZONE_MESSAGE = "must be a time zone such as Europe/Paris or UTC";

/** An IANA time-zone name the server's Intl knows (a guild's zone, a plugin's timezone field); one past 64 characters gets that message alone. */
export const timeZoneName = () => inputText().max(64, { abort: true }).refine(isKnownTimeZone, UNKNOWN_ZONE_MESSAGE);
