"use client";

import { useId, useState } from "react";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import formStyles from "@/components/settings-form/form.module.css";
import { TransportError, apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { PlannedStep } from "@/lib/plugins/automations/plan";
import { Field, ManyPicker, OnePicker } from "./fields";
import type { PartContext } from "./parts";
import type { AutomationText } from "./text";
import styles from "./automations.module.css";

// "Try it": a sample event sent with the automation as it stands in the editor (saved or not)
// to the dry run, which answers what each action would do; listed in order. Nothing is sent.

type Sample = { member_name: string; member_role_ids: string[]; account_age_days: number; channel_id: string | null; message: string; role_id: string | null; emoji: string };
const BLANK: Sample = { member_name: "", member_role_ids: [], account_age_days: 30, channel_id: null, message: "", role_id: null, emoji: "" };

/** One planned action as a sentence. */
export function describeStep(step: PlannedStep, text: AutomationText): string {
  const words = text.result;
  if (step.status === "skipped") {
    const reason = step.reason!;
    const why = reason.code === "condition_false" ? fill(words.condition_false, { n: reason.condition + 1, type: text.conditionTypes[reason.type] }) : words[reason.code];
    return fill(words.skipped, { why });
  }
  switch (step.type) {
    case "send_message": {
      const sent = fill(words.send_message, { channel: step.channel_name ?? "", content: step.content ?? "" });
      return step.embed ? `${sent} ${fill(words.embed, { title: step.embed.title, description: step.embed.description })}` : sent;
    }
    case "send_dm":
      return fill(words.send_dm, { content: step.content ?? "" });
    case "add_role":
    case "remove_role":
      return fill(words[step.type], { role: step.role_name ?? "" });
    case "wait":
      return fill(words.wait, { seconds: step.seconds ?? 0 });
    case "set_variable":
      return fill(words.set_variable, { variable: `{${step.variable ?? ""}}`, value: step.value ?? "" });
    case "webhook":
      return fill(words.webhook, { url: step.url ?? "", content: step.content ?? "" });
  }
}

type Props = { guildId: string; body: () => Record<string, unknown>; context: PartContext; onRefused: (fields: Record<string, string>) => void };

export function TryIt({ guildId, body, context, onRefused }: Props) {
  const id = useId();
  const { text, errors } = context;
  const words = text.tryIt;
  const [sample, setSample] = useState(BLANK);
  const [steps, setSteps] = useState<PlannedStep[] | null>(null);
  const action = useAction(words.failed);
  const set = (changes: Partial<Sample>) => setSample({ ...sample, ...changes });
  const error = (field: string) => errors[`sample.${field}`];

  return (
    <section className={styles.group} aria-labelledby={`${id}-title`} data-testid="automation-try">
      <h4 id={`${id}-title`} className={styles.partTitle}>
        {words.title}
      </h4>
      <p className={formStyles.help}>{words.intro}</p>
      <div className={panelStyles.grid}>
        <Field id={`${id}-member`} label={words.memberName} error={error("member_name")}>
          {(aria) => <input {...aria} className={formStyles.input} maxLength={100} value={sample.member_name} onChange={(event) => set({ member_name: event.target.value })} />}
        </Field>
        <Field id={`${id}-age`} label={words.accountAge} error={error("account_age_days")}>
          {(aria) => <input {...aria} type="number" min={0} max={36500} className={`${formStyles.input} ${formStyles.number}`} value={sample.account_age_days} onChange={(event) => set({ account_age_days: Number(event.target.value) })} />}
        </Field>
        <OnePicker id={`${id}-channel`} label={words.channel} error={error("channel_id")} kind="channel" optional value={sample.channel_id} onChange={(channel_id) => set({ channel_id })} pickers={context.pickers} labels={context.labels} />
        <OnePicker id={`${id}-role`} label={words.role} error={error("role_id")} kind="role" optional value={sample.role_id} onChange={(role_id) => set({ role_id })} pickers={context.pickers} labels={context.labels} />
        <Field id={`${id}-emoji`} label={words.emoji} error={error("emoji")}>
          {(aria) => <input {...aria} className={`${formStyles.input} ${formStyles.short}`} maxLength={64} value={sample.emoji} onChange={(event) => set({ emoji: event.target.value })} />}
        </Field>
      </div>
      <ManyPicker id={`${id}-roles`} label={words.memberRoles} error={error("member_role_ids")} kind="roles" max={25} value={sample.member_role_ids} onChange={(member_role_ids) => set({ member_role_ids })} pickers={context.pickers} labels={context.labels} />
      <Field id={`${id}-message`} label={words.message} error={error("message")}>
        {(aria) => <textarea {...aria} className={formStyles.input} rows={2} maxLength={2000} value={sample.message} onChange={(event) => set({ message: event.target.value })} />}
      </Field>
      <div className={panelStyles.actions}>
        <button
          type="button"
          className="button button-secondary"
          disabled={action.busy}
          data-testid="automation-try-run"
          onClick={() =>
            void action.run(async () => {
              setSteps(null);
              onRefused({});
              try {
                const { member_name: name, emoji, ...rest } = sample;
                const answer = await apiFetch<{ steps: PlannedStep[] }>(`/plugins/automations/guilds/${guildId}/automations/dry-run`, {
                  method: "POST",
                  body: { automation: body(), sample: { ...rest, ...(name.trim() ? { member_name: name.trim() } : {}), ...(emoji ? { emoji } : {}) } },
                  handles: ["validation_failed", "premium_required"],
                  keepsPages: true,
                });
                setSteps(answer.steps);
                return words.done;
              } catch (failure) {
                const fields = failure instanceof TransportError ? ((failure.body as { fields?: Array<{ path: string; message: string }> } | undefined)?.fields ?? []) : [];
                onRefused(Object.fromEntries(fields.map((field) => [field.path, field.message])));
                throw failure;
              }
            })
          }
        >
          {action.busy ? words.running : words.run}
        </button>
      </div>
      <Feedback done={action.done} refusal={action.refusal} shownByFields={Object.keys(action.refusal?.fields ?? {})} testId="automation-try" />
      {steps ? (
        <>
          <h5 className={styles.partTitle}>{words.results}</h5>
          <ol className={styles.results} data-testid="automation-try-results">
            {steps.map((step) => (
              <li key={step.index} className={step.status === "skipped" ? styles.skipped : undefined} data-status={step.status}>
                <span className={styles.resultType}>{text.actionTypes[step.type]}</span>
                <span className={styles.resultDetail}>{describeStep(step, text)}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
