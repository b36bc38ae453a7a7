"use client";

import { useEffect, useRef, useState } from "react";
import { userAvatarUrl } from "@/lib/platform/cdn";
import { LogoutButton } from "./logout-button";
import { useSignedInUser } from "./use-signed-in-user";
import styles from "./user-menu.module.css";

type Labels = {
  /** The account page: wallets and crypto payments. */
  account: string;
  signOut: string;
  signOutEverywhere: string;
  /** Names the toggle of the account's other actions. */
  moreActions: string;
  /** "… {name}" filled here. */
  menu: string;
  loading: string;
};

// A client island so the dashboard frame holds nothing user-specific and guild pages
// can be served from the page cache; the user is read once and shared between pages.
export function UserMenu({ cdnBase, accountHref, labels }: { cdnBase: string; accountHref: string; labels: Labels }) {
  const user = useSignedInUser();
  const name = user ? (user.global_name ?? user.username) : "";
  return (
    <div className={styles.menu} aria-label={user ? labels.menu.replace("{name}", name) : labels.loading} aria-busy={!user} role="group">
      {user ? (
        // eslint-disable-next-line @next/next/no-img-element -- small CDN avatar
        <img className={styles.avatar} src={userAvatarUrl(cdnBase, user, 64)} alt="" width={32} height={32} />
      ) : (
        <span className={styles.avatar} aria-hidden="true" />
      )}
      <span className={styles.name} data-testid="user-name">
        {name}
      </span>
      <LogoutButton label={labels.signOut} className={`button button-ghost button-small ${styles.wideOnly}`} />
      <MoreActions label={labels.moreActions}>
        <a href={accountHref} className={`button button-ghost button-small ${styles.item}`} data-testid="account-link">
          {labels.account}
        </a>
        {/* On phones the header has no room for both: "Sign out" moves in here. */}
        <LogoutButton label={labels.signOut} className={`button button-ghost button-small ${styles.item} ${styles.narrowOnly}`} />
        <LogoutButton label={labels.signOutEverywhere} everywhere className={`button button-ghost button-small ${styles.item}`} />
      </MoreActions>
    </div>
  );
}

/**
 * Rarer account actions behind a disclosure, so "sign out everywhere" is not one
 * slip away from "sign out". Closes on Escape and on a click elsewhere.
 */
function MoreActions({ label, children }: { label: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);
  function onKeyDown(event: React.KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== "Escape" || !ref.current?.open) return;
    ref.current.open = false;
    ref.current.querySelector("summary")?.focus();
  }
  return (
    <details ref={ref} className={styles.more} onToggle={(event) => setOpen(event.currentTarget.open)} onKeyDown={onKeyDown}>
      <summary className={`button button-ghost button-small ${styles.toggle}`}>
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">{label}</span>
      </summary>
      <div className={styles.panel}>{children}</div>
    </details>
  );
}
