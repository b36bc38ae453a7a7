"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { realtimeConnection, type Dispatch } from "@/components/realtime/connection";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import styles from "./bell.module.css";

export type BellLabels = { bell: string; bellNew: string; title: string; empty: string; loading: string; failed: string; retry: string; loadMore: string; markAllRead: string; unread: string };

type Item = { id: number; text: string; path: string; created_at: string; read_at: string | null };
type Counts = { unread: number; unseen: number };
type Page = Counts & { notifications: Item[]; next_before: number | null };

// The notification centre in the dashboard header: a small island (the frame stays the same for
// every viewer, so pages can be cached). The count is of what arrived since the list was last
// opened, kept live by the realtime channel; opening the list marks everything seen, a click on
// one marks it read and opens its page, "Mark all read" reads the rest.
export function NotificationBell({ locale, labels }: { locale: Locale; labels: BellLabels }) {
  const router = useRouter();
  const [counts, setCounts] = useState<Counts>({ unread: 0, unseen: 0 });
  const [items, setItems] = useState<Item[] | null>(null);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void apiFetch<Counts>("/notifications/unread-count", { silent: true }).then(setCounts, () => undefined);
    return realtimeConnection()?.listen((event: Dispatch) => {
      if (event.t === "READY" || event.t === "NOTIFICATION_COUNTS") setCounts(event.d as unknown as Counts);
      if (event.t === "NOTIFICATION_CREATE") {
        setCounts(event.d as unknown as Counts);
        const created = event.d.notification as Item;
        setItems((current) => (current ? [created, ...current.filter((item) => item.id !== created.id)] : current));
      }
    });
  }, []);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => root.current?.contains(event.target as Node) || setOpen(false);
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);

  async function load(before: number | null) {
    setState("loading");
    try {
      const page = await apiFetch<Page>(`/notifications?limit=20${before ? `&before=${before}` : ""}`, { silent: true });
      setItems((current) => (before && current ? [...current, ...page.notifications] : page.notifications));
      setNextBefore(page.next_before);
      setCounts(page);
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  async function toggle() {
    const opening = !open;
    setOpen(opening);
    if (!opening) return;
    await load(null);
    if (counts.unseen > 0) await write("/notifications/seen-all");
  }

  async function write(path: string) {
    // Marks change nothing a page shows: no router refresh (keepsPages).
    const result = await apiFetch<Counts>(path, { method: "POST", keepsPages: true }).catch(() => null);
    if (result) setCounts({ unread: result.unread, unseen: result.unseen });
  }

  async function openItem(item: Item) {
    if (!item.read_at) await write(`/notifications/${item.id}/read`);
    setOpen(false);
    router.push(`/${locale}${item.path}`);
  }

  async function readAll() {
    await write("/notifications/read-all");
    const now = new Date().toISOString();
    setItems((current) => current?.map((item) => ({ ...item, read_at: item.read_at ?? now })) ?? current);
  }

  const time = new Intl.DateTimeFormat(LANGUAGES[locale].tag, { dateStyle: "medium", timeStyle: "short" });
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
        onClick={() => void toggle()}
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
        <div id="notification-panel" className={styles.panel} role="region" aria-label={labels.title} data-testid="notification-panel">
          <div className={styles.head}>
            <h2 className={styles.title}>{labels.title}</h2>
            {counts.unread > 0 ? (
              <button type="button" className="button button-ghost button-small" onClick={() => void readAll()}>
                {labels.markAllRead}
              </button>
            ) : null}
          </div>
          {items && items.length > 0 ? (
            <ul className={styles.list}>
              {items.map((item) => (
                <li key={item.id}>
                  <button type="button" className={`${styles.item} ${item.read_at ? "" : styles.unread}`} onClick={() => void openItem(item)} data-testid="notification-item">
                    {item.read_at ? null : <span className="visually-hidden">{labels.unread}: </span>}
                    {item.text}
                    <time className={styles.time} dateTime={item.created_at}>
                      {time.format(new Date(item.created_at))}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
          ) : items && state === "idle" ? (
            <p className={styles.note}>{labels.empty}</p>
          ) : null}
          <p className={styles.note} role="status">
            {state === "loading" ? labels.loading : state === "failed" ? labels.failed : ""}
          </p>
          {state === "failed" ? (
            <button type="button" className={`button button-ghost button-small ${styles.more}`} onClick={() => void load(items?.length ? nextBefore : null)}>
              {labels.retry}
            </button>
          ) : nextBefore !== null && state === "idle" ? (
            <button type="button" className={`button button-ghost button-small ${styles.more}`} onClick={() => void load(nextBefore)}>
              {labels.loadMore}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
