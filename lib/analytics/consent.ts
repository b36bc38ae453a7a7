// The visitor's analytics choice (components/analytics/consent-banner.tsx), kept a year in a
// cookie both the browser and the server read: nothing is loaded or sent without it, and the
// email address only with the second box ticked. Client-safe.

export const CONSENT_COOKIE = "gh_analytics";
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type ConsentChoice = "none" | "analytics" | "analytics_email";
export type Consent = { analytics: boolean; email: boolean };

const CHOICES: Record<ConsentChoice, Consent> = {
  none: { analytics: false, email: false },
  analytics: { analytics: true, email: false },
  analytics_email: { analytics: true, email: true },
};

/** The choice in the cookie's value, or null when none was made (or the value is not one). */
export function consentOf(value: string | undefined | null): Consent | null {
  return value !== undefined && value !== null && Object.hasOwn(CHOICES, value) ? CHOICES[value as ConsentChoice] : null;
}

/** Nothing chosen counts as no. */
export const NO_CONSENT: Consent = CHOICES.none;
