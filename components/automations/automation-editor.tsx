"use client";

import { useId, useState } from "react";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import formStyles from "@/components/settings-form/form.module.css";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { Automation, AutomationAction, AutomationCondition } from "@/lib/plugins/automations/definition";
import { triggerVariables } from "@/lib/plugins/automations/variables";
import { ACTION_FIELDS, CONDITION_FIELDS, MAX_CONDITIONS, TRIGGER_FIELDS, usedFields } from "@/lib/plugins/automations/vocabulary";
import { Field } from "./fields";
import { ActionFields, ConditionFields, TriggerFields, type PartContext } from "./parts";
import { TryIt } from "./try-it";
import styles from "./automations.module.css";

/** What a save or a dry run sends: each part with the fields its type reads (a message trigger's text or pattern by its mode). */
export function automationBody(draft: Automation): Record<string, unknown> {
  const trigger = usedFields(draft.trigger, TRIGGER_FIELDS);
  if (draft.trigger.type === "message_matches") delete (trigger as Record<string, unknown>)[draft.trigger.match_mode === "contains" ? "pattern" : "text"];
  return {
    name: draft.name,
    enabled: draft.enabled,
    trigger,
    conditions: draft.conditions.map((rule) => usedFields(rule, CONDITION_FIELDS)),
    actions: draft.actions.map((step) => usedFields(step, ACTION_FIELDS)),
  };
}

/** Errors a save or dry run refused, by the editor's own paths (a dry run's sit under `automation.`). */
const editorErrors = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([path, message]) => [path.replace(/^automation\./, ""), message]));

type Props = {
  guildId: string;
  /** The saved automation being edited, or null for a new one. */
  itemId: string | null;
  initial: Automation;
  blanks: { condition: AutomationCondition; action: AutomationAction };
  actionMax: number;
  context: Omit<PartContext, "errors">;
  onSaved: (item: { id: string; data: Automation }, message: string) => void;
  onCancel: () => void;
};

/** One automation's editor: name, trigger, conditions, ordered actions, save, and "Try it" with a sample event. */
export function AutomationEditor({ guildId, itemId, initial, blanks, actionMax, context: shared, onSaved, onCancel }: Props) {
  const id = useId();
  const { text } = shared;
  const [draft, setDraft] = useState(initial);
  const save = useAction(text.failed);
  const [tryErrors, setTryErrors] = useState<Record<string, string>>({});
  const errors = { ...tryErrors, ...editorErrors(save.refusal?.fields ?? {}) };
  const context: PartContext = { ...shared, errors };
  const base = `/plugins/automations/guilds/${guildId}/automations`;
  const customVariables = draft.actions.flatMap((step) => (step.type === "set_variable" && step.variable ? [step.variable] : []));
  const variables = [...triggerVariables(draft.trigger.type), ...customVariables].map((name) => `{${name}}`).join(" ");

  const setActions = (actions: AutomationAction[]) => setDraft({ ...draft, actions });
  const setConditions = (conditions: AutomationCondition[]) => setDraft({ ...draft, conditions });
  const move = (index: number, by: -1 | 1) => {
    const actions = [...draft.actions];
    const [moved] = actions.splice(index, 1);
    actions.splice(index + by, 0, moved!);
    setActions(actions);
    // The focus follows the moved action: its button for the same move, or the other one at the list's end.
    const to = index + by;
    const atEnd = by < 0 ? to === 0 : to === actions.length - 1;
    const direction = (by < 0) !== atEnd ? "up" : "down";
    requestAnimationFrame(() => document.getElementById(`${id}-action-${to}-${direction}`)?.focus());
  };

  return (
    <div className={styles.editor} data-testid="automation-editor">
      <form
        className={styles.editor}
        aria-labelledby={`${id}-title`}
        aria-busy={save.busy}
        onSubmit={(event) => {
          event.preventDefault();
          void save.run(async () => {
            const body = automationBody(draft);
            const saved = await apiFetch<{ id: string } & Record<string, unknown>>(itemId ? `${base}/${itemId}` : base, {
              method: itemId ? "PATCH" : "POST",
              body,
              handles: ["validation_failed", "premium_required", "premium_limit_reached", "limit_reached"],
            });
            const message = fill(text.saved, { name: draft.name });
            onSaved({ id: saved.id, data: draft }, message);
            return message;
          });
        }}
      >
        <h3 id={`${id}-title`}>{itemId ? fill(text.editTitle, { name: initial.name }) : text.newTitle}</h3>
        <Field id={`${id}-name`} label={text.name} error={errors.name}>
          {(aria) => <input {...aria} className={formStyles.input} required maxLength={100} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />}
        </Field>
        <label className={formStyles.label}>
          <input type="checkbox" checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} /> {text.enabled}
        </label>

        <fieldset className={styles.group}>
          <legend>{text.triggerTitle}</legend>
          <TriggerFields id={`${id}-trigger`} trigger={draft.trigger} onChange={(trigger) => setDraft({ ...draft, trigger })} context={context} />
          <p className={styles.variables} dir="ltr">
            {fill(text.variables, { list: variables })}
          </p>
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{text.conditionsTitle}</legend>
          <p className={formStyles.help}>{text.conditionsHelp}</p>
          <ol className={styles.parts}>
            {draft.conditions.map((rule, index) => (
              <li key={index} className={styles.part}>
                <ConditionFields
                  id={`${id}-condition-${index}`}
                  index={index}
                  rule={rule}
                  onChange={(next) => setConditions(draft.conditions.map((item, at) => (at === index ? next : item)))}
                  onRemove={() => setConditions(draft.conditions.filter((_, at) => at !== index))}
                  context={context}
                />
              </li>
            ))}
          </ol>
          <div className={panelStyles.actions}>
            <button type="button" className="button button-secondary" disabled={draft.conditions.length >= MAX_CONDITIONS} onClick={() => setConditions([...draft.conditions, { ...blanks.condition }])}>
              {text.addCondition}
            </button>
          </div>
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{text.actionsTitle}</legend>
          <p className={formStyles.help}>{fill(text.actionsLimit, { max: actionMax })}</p>
          {errors.actions ? (
            <p className={formStyles.error} role="alert">
              {errors.actions}
            </p>
          ) : null}
          <ol className={styles.parts}>
            {draft.actions.map((step, index) => (
              <li key={index} className={styles.part} data-testid="automation-action">
                <ActionFields
                  id={`${id}-action-${index}`}
                  index={index}
                  count={draft.actions.length}
                  step={step}
                  onChange={(next) => setActions(draft.actions.map((item, at) => (at === index ? next : item)))}
                  onMove={(by) => move(index, by)}
                  onRemove={() => setActions(draft.actions.filter((_, at) => at !== index))}
                  context={context}
                />
              </li>
            ))}
          </ol>
          <div className={panelStyles.actions}>
            <button type="button" className="button button-secondary" disabled={draft.actions.length >= actionMax} onClick={() => setActions([...draft.actions, { ...blanks.action }])}>
              {text.addAction}
            </button>
          </div>
        </fieldset>

        <div className={panelStyles.actions}>
          <button type="submit" className="button button-primary" disabled={save.busy}>
            {save.busy ? text.saving : text.save}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {text.cancel}
          </button>
        </div>
        <Feedback done={save.done} refusal={save.refusal} shownByFields={Object.keys(save.refusal?.fields ?? {})} testId="automation-save" />
      </form>
      {/* Beside the form, not in it: Enter in a sample field tries nothing and saves nothing. */}
      <TryIt guildId={guildId} body={() => automationBody(draft)} context={context} onRefused={(fields) => setTryErrors(editorErrors(fields))} />
    </div>
  );
}
