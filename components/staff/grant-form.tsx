"use client";

import { useId } from "react";
import { useRouter } from "next/navigation";
import formStyles from "@/components/settings-form/form.module.css";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { StaffText } from "./text";

/** Gives the guild credits (POST /api/staff/guilds/{id}/credits): an amount and the reason its owners will read in their audit log. */
export function GrantForm({ guildId, max, text }: { guildId: string; max: number; text: StaffText["grant"] }) {
  const id = useId();
  const router = useRouter();
  const action = useAction(text.failed);
  const fieldError = (path: string) => action.refusal?.fields[path];
  return (
    <form
      className={`${panelStyles.card} ${panelStyles.form}`}
      aria-labelledby={`${id}-title`}
      aria-busy={action.busy}
      data-testid="staff-grant"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        void action.run(async () => {
          const { balance } = await apiFetch<{ balance: number }>(`/staff/guilds/${guildId}/credits`, {
            method: "POST",
            body: { amount: Number(data.get("amount")), reason: String(data.get("reason") ?? "") },
            handles: ["validation_failed"],
          });
          form.reset();
          // The lookup above shows the new balance.
          router.refresh();
          return fill(text.done, { balance });
        });
      }}
    >
      <div className={panelStyles.header}>
        <h2 id={`${id}-title`}>{text.title}</h2>
        <p>{text.intro}</p>
      </div>
      <div className={panelStyles.grid}>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-amount`}>
            {text.amount}
          </label>
          <input className={formStyles.input} id={`${id}-amount`} name="amount" type="number" min={1} max={max} step={1} required inputMode="numeric" aria-invalid={fieldError("amount") ? true : undefined} />
          {fieldError("amount") ? <p role="alert" className={panelStyles.failed}>{fieldError("amount")}</p> : null}
        </div>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-reason`}>
            {text.reason}
          </label>
          <p className={formStyles.help} id={`${id}-reason-hint`}>
            {text.reasonHint}
          </p>
          <input className={formStyles.input} id={`${id}-reason`} name="reason" type="text" required minLength={3} maxLength={500} autoComplete="off" aria-describedby={`${id}-reason-hint`} aria-invalid={fieldError("reason") ? true : undefined} />
          {fieldError("reason") ? <p role="alert" className={panelStyles.failed}>{fieldError("reason")}</p> : null}
        </div>
      </div>
      <div className={panelStyles.actions}>
        <button type="submit" className="button button-primary" disabled={action.busy}>
          {action.busy ? text.busy : text.submit}
        </button>
      </div>
      <Feedback done={action.done} refusal={action.refusal} shownByFields={["amount", "reason"]} testId="staff-grant" />
    </form>
  );
}
