"use client";

import { fill } from "@/lib/i18n/fill";
import type { SourceAccount, SourcePickerLabels } from "./types";
import styles from "./source-picker.module.css";

/**
 * Whether the page may load this avatar: its image policy allows this site (and data: URIs) and
 * the platform's CDN only, so a provider's own image host would show as a broken image.
 */
export function avatarAllowed(url: string | null, cdnBase: string): url is string {
  if (!url) return false;
  if (url.startsWith("data:image/")) return true;
  if (url.startsWith("/") && !url.startsWith("//")) return true;
  try {
    const origin = new URL(url).origin;
    return origin === new URL(cdnBase).origin || (typeof window !== "undefined" && origin === window.location.origin);
  } catch {
    return false;
  }
}

/** One account as a result reads: avatar (or its first letter), name, @handle, followers, Live. */
export function SourceRow({ account, labels }: { account: SourceAccount; labels: SourcePickerLabels }) {
  const followers = account.followers === null ? null : new Intl.NumberFormat(labels.locale, { notation: "compact", maximumFractionDigits: 1 }).format(account.followers);
  const handle = account.name !== account.display_name && account.name !== account.id && !/^https?:/.test(account.name) ? `@${account.name}` : null;
  return (
    <>
      {avatarAllowed(account.avatar_url, labels.cdnBase) ? (
        // eslint-disable-next-line @next/next/no-img-element -- a small remote avatar from an allowed origin; next/image would proxy it
        <img src={account.avatar_url} alt="" width={32} height={32} className={styles.avatar} loading="lazy" />
      ) : (
        <span className={styles.letter} aria-hidden="true">
          {Array.from(account.display_name.trim() || "?")[0]!.toLocaleUpperCase()}
        </span>
      )}
      <span className={styles.text}>
        <span className={styles.name} dir="auto" data-testid="source-name">
          {account.display_name}
        </span>
        <span className={styles.meta} dir="auto">
          {[handle, followers === null ? null : fill(labels.followers, { count: followers })].filter(Boolean).join(" · ")}
        </span>
      </span>
      {account.live ? <span className={`badge ${styles.live}`}>{labels.live}</span> : null}
    </>
  );
}
