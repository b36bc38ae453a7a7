"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";

// Back from Chargebee's hosted page or PayPal's approval page: a paid checkout is confirmed with
// the server (which reads it from the provider, never from this address) and the browser moves
// on to the guild; a cancelled one says nothing was charged and nothing changed.

export type ReturnText = Record<"finishing" | "success" | "openGuild" | "cancelled" | "forbidden" | "unpaid" | "unavailable" | "failed" | "back", string>;

/** The checkout the buyer is back from: a Chargebee hosted page or a PayPal subscription, by id. */
export type ReturnedCheckout = { provider: "chargebee" | "paypal"; id: string | null };

type Props = { checkout: ReturnedCheckout; state: string | null; locale: string; text: ReturnText };
type Outcome = { kind: "working" } | { kind: "done"; guildId: string } | { kind: "refused"; message: string };

const MESSAGES: Record<string, keyof ReturnText> = { checkout_forbidden: "forbidden", checkout_unpaid: "unpaid", checkout_cancelled: "cancelled", billing_unavailable: "unavailable" };

/** Each provider's finalize endpoint and the body naming its checkout. */
function finalizeCall(checkout: ReturnedCheckout): { path: string; body: Record<string, string | null> } {
  return checkout.provider === "paypal" ? { path: "/paypal/finalize", body: { subscription_id: checkout.id } } : { path: "/chargebee/finalize", body: { hosted_page_id: checkout.id } };
}

export function CheckoutReturn({ checkout, state, locale, text }: Props) {
  const cancelled = state === "cancelled" || !checkout.id;
  const [outcome, setOutcome] = useState<Outcome>(cancelled ? { kind: "refused", message: text.cancelled } : { kind: "working" });
  const started = useRef(false);
  const router = useRouter();

  useEffect(() => {
    if (cancelled || started.current) return;
    started.current = true;
    const { path, body } = finalizeCall(checkout);
    apiFetch<{ guild_id: string }>(path, { method: "POST", body, silent: true })
      .then((done) => {
        setOutcome({ kind: "done", guildId: done.guild_id });
        router.push(`/${locale}/dashboard/${done.guild_id}`);
      })
      .catch((failure: unknown) => {
        const code = failure instanceof TransportError ? errorCodeOf(failure.body) : undefined;
        setOutcome({ kind: "refused", message: text[MESSAGES[code ?? ""] ?? "failed"] });
      });
  }, [cancelled, checkout, locale, router, text]);

  if (outcome.kind === "working") return <p role="status">{text.finishing}</p>;
  if (outcome.kind === "done")
    return (
      <p role="status" className="notice">
        {text.success} <a href={`/${locale}/dashboard/${outcome.guildId}`}>{text.openGuild}</a>
      </p>
    );
  return (
    <>
      <p role="alert" className="notice notice-warning">
        {outcome.message}
      </p>
      <a className="button button-secondary" href={`/${locale}/premium`}>
        {text.back}
      </a>
    </>
  );
}
