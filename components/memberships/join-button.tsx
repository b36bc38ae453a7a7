"use client";

import { useRouter } from "next/navigation";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import { apiFetch } from "@/lib/http/client-fetch";
import type { PageText } from "./text";

type Props = { guildId: string; planId: string; membershipId: string | null; current: boolean; planName: string; text: PageText };

const REFUSALS = ["membership_not_member", "membership_already_member", "membership_plan_not_found", "membership_same_plan", "membership_not_found", "billing_unavailable"] as const;

/** A plan card's action: join (off to Stripe Checkout) or, for a member, switch to this plan; the member's own plan says so. */
export function JoinButton({ guildId, planId, membershipId, current, planName, text }: Props) {
  const router = useRouter();
  const action = useAction(text.failed);
  if (current) return <p data-testid="membership-current">{text.current}</p>;
  const label = membershipId ? (action.busy ? text.switching : text.switch) : action.busy ? text.joining : text.join;
  return (
    <div>
      <button
        type="button"
        className="button button-primary"
        disabled={action.busy}
        aria-label={`${label}: ${planName}`}
        data-testid="membership-join"
        onClick={() =>
          void action.run(async () => {
            if (membershipId) {
              await apiFetch(`/memberships/subscriptions/${membershipId}`, { method: "PATCH", body: { plan_id: planId }, handles: REFUSALS });
              router.refresh();
              return text.switched;
            }
            const { url } = await apiFetch<{ url: string }>("/memberships/subscriptions", { method: "POST", body: { guild_id: guildId, plan_id: planId }, handles: REFUSALS });
            window.location.assign(url);
            return null;
          })
        }
      >
        {label}
      </button>
      <Feedback done={action.done} refusal={action.refusal} testId="membership-join" />
    </div>
  );
}
