import { inputText } from "@/lib/validation/text";
import { isKnownTimeZone } from "./known-zone";

/** The issue code (lib/validation/issues.ts) of a zone Intl does not know. */
export const UNKNOWN_ZONE_MESSAGE = "invalid_timezone" as const;

/** An IANA time-zone name the server's Intl knows (a guild's zone, a plugin's timezone field); one past 64 characters gets that message alone. */
export const timeZoneName = () => inputText().max(64, { abort: true }).refine(isKnownTimeZone, UNKNOWN_ZONE_MESSAGE);
