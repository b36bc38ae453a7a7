"use client";

import { useSearchParams } from "next/navigation";
import { fill } from "@/lib/i18n/fill";
import { useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { reportUnshownError } from "@/components/report-error";
import type { SubscriptionAction } from "@/lib/billing/actions";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import styles from "./subscription.module.css";

// The guild's subscription on its overview page: plan, renewal or end date, card, and what the
// manager may do (GET/POST /api/guilds/{id}/subscription…). Fetched here: the page itself is
// cached for every manager. Also the notice after checkout (?premium=welcome|cancelled).
// Cancelling and pausing ask first, in the page's dialog; the free month (extend, once per
// subscription) is no button of its own but the offer that dialog makes before a cancellation.

type Action = SubscriptionAction;
/** The actions asked about first. */
type Confirmed = "cancel" | "pause";
const CONFIRMED: readonly Action[] = ["cancel", "pause"];
/** Buttons the owner sees; the free month is offered in the cancel dialog instead. */
const SHOWN: readonly Action[] = ["reactivate", "resume", "pause", "cancel"];
const PRIMARY: readonly Action[] = ["reactivate", "resume"];

type View = {
  plan: string;
  status: string;
  renews_at: string | null;
  ends_at: string | null;
  payment_method: { brand: string; last4: string } | null;
  actions: Action[];
  portal: boolean;
};

export type SubscriptionText = {
  title: string;
  loading: string;
  none: string;
  buy: string;
  /** "{plan}" */
  plan: string;
  plans: Record<string, string>;
  statuses: Record<string, string>;
  /** "{date}" */
  renewsOn: string;
  /** "{date}" */
  endsOn: string;
  /** "{brand}", "{last4}" */
  card: string;
  actions: Record<Action, string>;
  confirmTitle: Record<Confirmed, string>;
  confirm: Record<Confirmed, string>;
  back: string;
  freeMonth: { title: string; body: string; take: string };
  done: Record<Action, string>;
  working: string;
  portal: string;
  opening: string;
  welcome: string;
  cancelled: string;
  unavailable: string;
  notAllowed: string;
};


export function SubscriptionSection({ guildId, locale, buyHref, text }: { guildId: string; locale: string; buyHref: string | null; text: SubscriptionText }) {
  const id = useId();
  const landing = useSearchParams()?.get("premium");
  const [view, setView] = useState<View | null | undefined>(undefined);
  const [busy, setBusy] = useState<Action | "portal" | null>(null);
  const [feedback, setFeedback] = useState("");
  const [asking, setAsking] = useState<Confirmed | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(iso));

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ subscription: View | null }>(`/guilds/${guildId}/subscription`, { signal: controller.signal }).then(
      (answer) => setView(answer.subscription),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setView(null);
        reportUnshownError(error);
      },
    );
    return () => controller.abort();
  }, [guildId]);

  function failure(error: unknown) {
    const code = error instanceof TransportError ? errorCodeOf(error.body) : undefined;
    if (code === "billing_unavailable") setFeedback(text.unavailable);
    else if (code === "subscription_action_unavailable") setFeedback(text.notAllowed);
    // Already taken (another manager, another tab): the server says so in the page's language.
    else if (code === "free_month_used") setFeedback((error as TransportError).message);
    else reportUnshownError(error);
  }

  function press(action: Action) {
    if (busy) return;
    if ((CONFIRMED as readonly string[]).includes(action)) setAsking(action as Confirmed);
    else void run(action);
  }

  async function run(action: Action) {
    if (busy) return;
    setBusy(action);
    setFeedback("");
    try {
      const answer = await apiFetch<{ subscription: View }>(`/guilds/${guildId}/subscription/${action}`, { method: "POST", handles: ["billing_unavailable", "subscription_action_unavailable", "free_month_used"] });
      setView(answer.subscription);
      setFeedback(text.done[action]);
    } catch (error) {
      failure(error);
    } finally {
      setBusy(null);
      setAsking(null);
    }
  }

  async function portal() {
    if (busy) return;
    setBusy("portal");
    setFeedback("");
    try {
      window.location.assign((await apiFetch<{ url: string }>(`/guilds/${guildId}/billing/session`, { handles: ["billing_unavailable"] })).url);
    } catch (error) {
      failure(error);
      setBusy(null);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} aria-busy={view === undefined || busy !== null} data-testid="subscription-section">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {text.title}
      </h2>
      {landing === "welcome" ? (
        <p className="notice" role="status" data-testid="premium-welcome">
          {text.welcome}
        </p>
      ) : landing === "cancelled" ? (
        <p className="notice" role="status" data-testid="premium-cancelled">
          {text.cancelled}
        </p>
      ) : null}
      <div className={styles.body}>
        {view === undefined ? (
          <p className={styles.muted} role="status">
            {text.loading}
          </p>
        ) : view === null ? (
          <>
            <p className={styles.muted} data-testid="subscription-none">
              {text.none}
            </p>
            {buyHref ? (
              <a className="button button-primary" href={buyHref} data-testid="subscription-buy">
                {text.buy}
              </a>
            ) : null}
          </>
        ) : (
          <>
            <div className={styles.facts}>
              <p data-testid="subscription-plan">
                {fill(text.plan, { plan: text.plans[view.plan] ?? view.plan })} · <span data-testid="subscription-status">{text.statuses[view.status] ?? view.status}</span>
              </p>
              {view.renews_at ? <p data-testid="subscription-renews">{fill(text.renewsOn, { date: date(view.renews_at) })}</p> : null}
              {view.ends_at ? <p data-testid="subscription-ends">{fill(text.endsOn, { date: date(view.ends_at) })}</p> : null}
              {view.payment_method ? (
                <p className={styles.muted} data-testid="subscription-card">
                  {fill(text.card, { brand: view.payment_method.brand.toUpperCase(), last4: view.payment_method.last4 })}
                </p>
              ) : null}
            </div>
            <div className={styles.actions}>
              {SHOWN.filter((action) => view.actions.includes(action)).map((action) => (
                <button
                  key={action}
                  type="button"
                  className={`button ${PRIMARY.includes(action) ? "button-primary" : "button-secondary"} ${action === "cancel" ? styles.cancel : ""}`}
                  disabled={busy !== null}
                  onClick={() => press(action)}
                  data-testid={`subscription-${action}`}
                >
                  {busy === action ? text.working : text.actions[action]}
                </button>
              ))}
              {view.portal ? (
                <button type="button" className="button button-secondary" disabled={busy !== null} onClick={() => void portal()} data-testid="subscription-portal">
                  {busy === "portal" ? text.opening : text.portal}
                </button>
              ) : null}
            </div>
            <ConfirmDialog
              open={asking !== null}
              title={asking ? text.confirmTitle[asking] : ""}
              description={asking ? text.confirm[asking] : ""}
              confirmLabel={asking ? text.actions[asking] : ""}
              backLabel={text.back}
              busy={busy !== null}
              busyLabel={busy === asking ? text.working : undefined}
              danger={asking === "cancel"}
              onConfirm={() => asking && void run(asking)}
              onClose={() => setAsking(null)}
              returnFocus={() => heading.current}
              testId="subscription-confirm"
            >
              {asking === "cancel" && view.actions.includes("extend") ? (
                <div className={styles.offer} data-testid="subscription-free-month">
                  <h3 className={styles.offerTitle}>{text.freeMonth.title}</h3>
                  <p>{text.freeMonth.body}</p>
                  <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => void run("extend")} data-testid="subscription-extend">
                    {busy === "extend" ? text.working : text.freeMonth.take}
                  </button>
                </div>
              ) : null}
            </ConfirmDialog>
          </>
        )}
      </div>
      <p role="status" aria-live="polite" data-testid="subscription-feedback">
        {feedback}
      </p>
    </section>
  );
}

/**
 * What the page holds until the section can read the address (?premium=) and the subscription:
 * the same box, so the plugins below do not move when it fills in.
 */
export function SubscriptionSectionPlaceholder({ text }: { text: Pick<SubscriptionText, "title" | "loading"> }) {
  return (
    <section className={styles.section} aria-busy="true">
      <h2>{text.title}</h2>
      <div className={styles.body}>
        <p className={styles.muted}>{text.loading}</p>
      </div>
      <p />
    </section>
  );
}
