"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { realtimeConnection, type Dispatch } from "@/components/realtime/connection";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/locales";
import styles from "./bell.module.css";

export type BellLabels = { bell: string; bellNew: string; title: string; empty: string; loading: string; failed: string; retry: string; loadMore: string; markAllRead: string; unread: string };
export type Counts = { unread: number; unseen: number };

const loadPanel = () => import("./bell-panel");
const BellPanel = lazy(() => loadPanel().then((module) => ({ default: module.BellPanel })));

// The notification centre in the dashboard header: a small island (the frame stays the same for
// every viewer, so pages can be cached). The count is of what arrived since the list was last
// opened, kept live by the realtime channel. The list's code (bell-panel.tsx) loads when the
// pointer or focus reaches the button, so it is not in every page's first load.
export function NotificationBell({ locale, labels }: { locale: Locale; labels: BellLabels }) {
  const [counts, setCounts] = useState<Counts>({ unread: 0, unseen: 0 });
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void apiFetch<Counts>("/notifications/unread-count", { silent: true }).then(setCounts, () => undefined);
    return realtimeConnection()?.listen((event: Dispatch) => {
      if (event.t === "READY" || event.t === "NOTIFICATION_COUNTS" || event.t === "NOTIFICATION_CREATE") setCounts(event.d as unknown as Counts);
    });
  }, []);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => root.current?.contains(event.target as Node) || setOpen(false);
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);

  return (
    <div
      ref={root}
      className={styles.bell}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        className={`button button-ghost button-small ${styles.button}`}
        aria-expanded={open}
        aria-controls="notification-panel"
        aria-label={counts.unseen > 0 ? fill(labels.bellNew, { count: counts.unseen }) : labels.bell}
        data-testid="notification-bell"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((current) => !current)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {counts.unseen > 0 ? (
          <span className={styles.badge} aria-hidden="true" data-testid="notification-count">
            {counts.unseen > 99 ? "99+" : counts.unseen}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense
          fallback={
            <div id="notification-panel" className={styles.panel} role="region" aria-label={labels.title} aria-busy="true">
              <p className={styles.note} role="status">
                {labels.loading}
              </p>
            </div>
          }
        >
          <BellPanel locale={locale} labels={labels} counts={counts} onCounts={setCounts} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
