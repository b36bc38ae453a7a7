"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, consentOf, type ConsentChoice } from "@/lib/analytics/consent";
import { readCookie } from "@/lib/http/client-fetch";
import styles from "./analytics-consent.module.css";

export type ConsentText = { title: string; text: string; email: string; accept: string; decline: string; saved: string };

// The analytics choice (a banner until the visitor answers, remembered a year in a cookie) and,
// with a yes, the browser SDK: imported only then, after the page has painted, so no page's
// first-load JavaScript carries it. Pages stay the same for everyone (they are cached): the
// banner appears after hydration, from the cookie.

const noSubscription = () => () => undefined;

function storedChoice(): ConsentChoice | null {
  const value = readCookie(CONSENT_COOKIE);
  return consentOf(value) ? (value as ConsentChoice) : null;
}

export function AnalyticsConsent({ enabled, text }: { enabled: boolean; text: ConsentText }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  // The cookie as it was at hydration (undefined on the server: no banner in the cached HTML), then the choice made here.
  const stored = useSyncExternalStore(noSubscription, storedChoice, () => undefined);
  const [decided, setDecided] = useState<ConsentChoice | null>(null);
  const choice = decided ?? stored;
  const [email, setEmail] = useState(false);

  useEffect(() => {
    if (!enabled || !consentOf(choice)?.analytics) return;
    // After first paint: the browser is idle (or the page loaded) before the SDK is fetched.
    const load = () => void import("./browser-analytics").then((analytics) => analytics.trackPage(pathname, search));
    const idle = window.requestIdleCallback?.(load, { timeout: 5000 });
    if (idle === undefined) {
      const timer = window.setTimeout(load, 0);
      return () => window.clearTimeout(timer);
    }
    return () => window.cancelIdleCallback(idle);
  }, [enabled, choice, pathname, search]);

  if (!enabled || choice !== null) return decided ? <p className={styles.saved} role="status">{text.saved}</p> : null;

  const decide = (next: ConsentChoice) => {
    document.cookie = `${CONSENT_COOKIE}=${next}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
    setDecided(next);
  };

  return (
    <section className={styles.banner} aria-labelledby="analytics-consent-title">
      <h2 id="analytics-consent-title" className={styles.title}>
        {text.title}
      </h2>
      <p>{text.text}</p>
      <label className={styles.email}>
        <input type="checkbox" checked={email} onChange={(event) => setEmail(event.target.checked)} /> {text.email}
      </label>
      <div className={styles.actions}>
        <button type="button" className="button button-primary" onClick={() => decide(email ? "analytics_email" : "analytics")}>
          {text.accept}
        </button>
        <button type="button" className="button" onClick={() => decide("none")}>
          {text.decline}
        </button>
      </div>
    </section>
  );
}
