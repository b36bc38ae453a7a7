"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { realtimeConnection, type Dispatch } from "@/components/realtime/connection";
import { apiFetch } from "@/lib/http/client-fetch";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import type { BellLabels, Counts } from "./bell";
import styles from "./bell.module.css";

type Item = { id: number; text: string; path: string; created_at: string; read_at: string | null };
type Page = Counts & { notifications: Item[]; next_before: number | null };

/**
 * The open list of the notification centre. Its code loads on the first open (bell.tsx), so
 * a page's first load carries only the button and its count. Mounting it loads the newest page
 * and marks everything seen; a click on one marks it read and opens its page.
 */
export function BellPanel({ locale, labels, counts, onCounts, onClose }: { locale: Locale; labels: BellLabels; counts: Counts; onCounts: (counts: Counts) => void; onClose: () => void }) {
  const router = useRouter();
  const [items, setItems] = useState<Item[] | null>(null);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("loading");

  function load(before: number | null) {
    setState("loading");
    return fetchPage(before);
  }

  async function fetchPage(before: number | null) {
    try {
      const page = await apiFetch<Page>(`/notifications?limit=20${before ? `&before=${before}` : ""}`, { silent: true });
      setItems((current) => (before && current ? [...current, ...page.notifications] : page.notifications));
      setNextBefore(page.next_before);
      onCounts(page);
      setState("idle");
      return page;
    } catch {
      setState("failed");
      return null;
    }
  }

  async function write(path: string) {
    // Marks change nothing a page shows: no router refresh (keepsPages).
    const result = await apiFetch<Counts>(path, { method: "POST", keepsPages: true }).catch(() => null);
    if (result) onCounts({ unread: result.unread, unseen: result.unseen });
  }

  useEffect(() => {
    void fetchPage(null).then((page) => (page && page.unseen > 0 ? write("/notifications/seen-all") : undefined));
    return realtimeConnection()?.listen((event: Dispatch) => {
      if (event.t !== "NOTIFICATION_CREATE") return;
      const created = event.d.notification as Item;
      setItems((current) => (current ? [created, ...current.filter((item) => item.id !== created.id)] : current));
    });
    // Once per opening (each opening mounts the panel anew); fetchPage and write only set state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function openItem(item: Item) {
    if (!item.read_at) await write(`/notifications/${item.id}/read`);
    onClose();
    router.push(`/${locale}${item.path}`);
  }

  async function readAll() {
    await write("/notifications/read-all");
    const now = new Date().toISOString();
    setItems((current) => current?.map((item) => ({ ...item, read_at: item.read_at ?? now })) ?? current);
  }

  const time = new Intl.DateTimeFormat(LANGUAGES[locale].tag, { dateStyle: "medium", timeStyle: "short" });
  return (
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
  );
}
