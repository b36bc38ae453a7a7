"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Feedback } from "@/components/action-panel/feedback";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { useAction } from "@/components/action-panel/use-action";
import formStyles from "@/components/settings-form/form.module.css";
import { formatPrice } from "@/lib/billing/format-price";
import { apiFetch } from "@/lib/http/client-fetch";
import type { Locale } from "@/lib/i18n/locales";
import type { AdminText } from "./text";

export type EditorPlan = { id: string; name: string; description: string; price_cents: number; currency: string; period: "month" | "year"; role_id: string };
type Props = { guildId: string; locale: Locale; currency: string; plans: EditorPlan[]; roles: Array<{ id: string; name: string }>; max: number; publicHref: string; text: AdminText };

const FIELDS = ["name", "description", "price_cents", "period", "role_id"] as const;
/** Refusals shown in the form's feedback rather than the error dialog. */
const REFUSALS = ["validation_failed", "membership_plan_limit", "membership_plan_not_found", "billing_unavailable"] as const;
const EMPTY = { name: "", description: "", price: "", period: "month" as const, roleId: "" };

/** The owner's plans: listed with edit and delete, one form that adds a plan or saves the one being edited; each refusal beside its field. */
export function PlansEditor({ guildId, locale, currency, plans, roles, max, publicHref, text }: Props) {
  const id = useId();
  const router = useRouter();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ name: string; description: string; price: string; period: "month" | "year"; roleId: string }>(EMPTY);
  const action = useAction(text.failed);
  const base = `/plugins/memberships/guilds/${guildId}/plans`;
  const error = (field: (typeof FIELDS)[number]) => action.refusal?.fields[field] ?? null;
  const fieldError = (field: (typeof FIELDS)[number]) =>
    error(field) ? (
      <p id={`${id}-${field}-error`} className={formStyles.error} role="alert" data-testid={`membership-plan-${field}-error`}>
        {error(field)}
      </p>
    ) : null;
  const roleName = (roleId: string) => roles.find((role) => role.id === roleId)?.name ?? roleId;

  function edit(plan: EditorPlan) {
    setEditing(plan.id);
    setDraft({ name: plan.name, description: plan.description, price: (plan.price_cents / 100).toFixed(2), period: plan.period, roleId: plan.role_id });
    action.clear();
  }

  return (
    <section className={panelStyles.card} aria-labelledby={`${id}-title`} data-testid="membership-plans">
      <div className={panelStyles.header}>
        <h2 id={`${id}-title`}>{text.plansTitle}</h2>
        <p>
          {text.plansIntro.replace("{max}", String(max))} <a href={publicHref}>{text.publicPage}</a>
        </p>
      </div>
      {plans.length === 0 ? <p className={panelStyles.muted}>{text.noPlans}</p> : null}
      <ul className={formStyles.list}>
        {plans.map((plan) => (
          <li key={plan.id} className={formStyles.listRow} data-testid="membership-plan">
            <span>
              <strong>
                <bdi>{plan.name}</bdi>
              </strong>{" "}
              · {(plan.period === "year" ? text.perYear : text.perMonth).replace("{price}", formatPrice(locale, plan.price_cents, plan.currency))} · <bdi>@{roleName(plan.role_id)}</bdi>
            </span>
            <span className={panelStyles.actions}>
              <button type="button" className="button button-secondary" onClick={() => edit(plan)} disabled={action.busy}>
                {text.edit}
              </button>
              <button
                type="button"
                className={`button button-secondary ${panelStyles.dangerButton}`}
                disabled={action.busy}
                onClick={() =>
                  void action.run(async () => {
                    await apiFetch(`${base}/${plan.id}`, { method: "DELETE", handles: REFUSALS });
                    if (editing === plan.id) {
                      setEditing(null);
                      setDraft(EMPTY);
                    }
                    router.refresh();
                    return text.deleted;
                  })
                }
              >
                {text.delete} <span className="visually-hidden">{plan.name}</span>
              </button>
            </span>
          </li>
        ))}
      </ul>
      <form
        className={panelStyles.form}
        aria-busy={action.busy}
        onSubmit={(event) => {
          event.preventDefault();
          void action.run(async () => {
            const body = { name: draft.name, description: draft.description, price_cents: Math.round(Number(draft.price.replace(",", ".")) * 100), period: draft.period, role_id: draft.roleId };
            await apiFetch(editing ? `${base}/${editing}` : base, { method: editing ? "PATCH" : "POST", body, handles: REFUSALS });
            const saved = editing ? text.updated : text.created;
            setEditing(null);
            setDraft(EMPTY);
            router.refresh();
            return saved;
          });
        }}
      >
        <div className={panelStyles.grid}>
          <div className={formStyles.row}>
            <label className={formStyles.label} htmlFor={`${id}-name`}>
              {text.name}
            </label>
            <input id={`${id}-name`} className={`input ${formStyles.input}`} value={draft.name} maxLength={80} required onChange={(event) => setDraft({ ...draft, name: event.target.value })} aria-invalid={error("name") ? true : undefined} aria-describedby={error("name") ? `${id}-name-error` : undefined} />
            {fieldError("name")}
          </div>
          <div className={formStyles.row}>
            <label className={formStyles.label} htmlFor={`${id}-price`}>
              {text.price} ({currency.toUpperCase()})
            </label>
            <input id={`${id}-price`} className={`input ${formStyles.input}`} inputMode="decimal" value={draft.price} required pattern="[0-9]+([.,][0-9]{1,2})?" onChange={(event) => setDraft({ ...draft, price: event.target.value })} aria-invalid={error("price_cents") ? true : undefined} aria-describedby={error("price_cents") ? `${id}-price_cents-error` : undefined} />
            {fieldError("price_cents")}
          </div>
          <div className={formStyles.row}>
            <label className={formStyles.label} htmlFor={`${id}-period`}>
              {text.period}
            </label>
            <select id={`${id}-period`} className={`input ${formStyles.input} ${formStyles.select}`} value={draft.period} onChange={(event) => setDraft({ ...draft, period: event.target.value as "month" | "year" })}>
              <option value="month">{text.month}</option>
              <option value="year">{text.year}</option>
            </select>
            {fieldError("period")}
          </div>
          <div className={formStyles.row}>
            <label className={formStyles.label} htmlFor={`${id}-role`}>
              {text.role}
            </label>
            <select id={`${id}-role`} className={`input ${formStyles.input} ${formStyles.select}`} value={draft.roleId} required onChange={(event) => setDraft({ ...draft, roleId: event.target.value })} aria-invalid={error("role_id") ? true : undefined} aria-describedby={error("role_id") ? `${id}-role_id-error` : undefined}>
              <option value="" disabled />
              {roles.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                </option>
              ))}
            </select>
            {fieldError("role_id")}
          </div>
        </div>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-description`}>
            {text.description}
          </label>
          <textarea id={`${id}-description`} className={`input ${formStyles.input} ${formStyles.textarea}`} value={draft.description} maxLength={500} rows={3} onChange={(event) => setDraft({ ...draft, description: event.target.value })} />
          {fieldError("description")}
        </div>
        <div className={panelStyles.actions}>
          <button type="submit" className="button button-primary" disabled={action.busy || (!editing && plans.length >= max)} data-testid="membership-plan-save">
            {action.busy ? text.saving : editing ? text.save : text.add}
          </button>
          {editing ? (
            <button type="button" className="button button-secondary" onClick={() => (setEditing(null), setDraft(EMPTY))}>
              {text.cancelEdit}
            </button>
          ) : null}
        </div>
        <Feedback done={action.done} refusal={action.refusal} shownByFields={FIELDS} testId="membership-plan" />
      </form>
    </section>
  );
}
