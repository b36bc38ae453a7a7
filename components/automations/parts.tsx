"use client";

import panelStyles from "@/components/action-panel/action-panel.module.css";
import { TimeZoneCombobox } from "@/components/pickers/time-zone-combobox";
import formStyles from "@/components/settings-form/form.module.css";
import type { FormLabels, Pickers } from "@/components/settings-form/types";
import type { AutomationAction, AutomationCondition, AutomationTrigger } from "@/lib/plugins/automations/definition";
import { ACTION_FIELDS, ACTION_TYPES, COMPARISONS, CONDITION_FIELDS, CONDITION_TYPES, MATCH_MODES, MAX_WAIT_SECONDS, SCHEDULE_KINDS, TRIGGER_FIELDS, TRIGGER_TYPES } from "@/lib/plugins/automations/vocabulary";
import { fill } from "@/lib/i18n/fill";
import { Field, ManyPicker, OnePicker } from "./fields";
import type { AutomationText } from "./text";
import styles from "./automations.module.css";

// The three parts of an automation as the editor draws them: the trigger with the fields of its
// type, one condition, one action. Each shows only what its type reads; what was typed for
// another type stays in the draft until saved (switching back finds it again).

export type PartContext = { text: AutomationText; pickers: Pickers; labels: FormLabels; errors: Record<string, string>; guildZone: string | null };

const input = formStyles.input;

export function TriggerFields({ id, trigger, onChange, context }: { id: string; trigger: AutomationTrigger; onChange: (next: AutomationTrigger) => void; context: PartContext }) {
  const { text, errors } = context;
  const set = (changes: Partial<AutomationTrigger>) => onChange({ ...trigger, ...changes });
  const uses = (field: string) => TRIGGER_FIELDS[trigger.type].includes(field);
  const error = (field: string) => errors[`trigger.${field}`];
  return (
    <>
      <Field id={`${id}-type`} label={text.triggerType} error={error("type")}>
        {(aria) => (
          <select {...aria} className={input} value={trigger.type} onChange={(event) => set({ type: event.target.value as AutomationTrigger["type"] })}>
            {TRIGGER_TYPES.map((type) => (
              <option key={type} value={type}>
                {text.triggers[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {uses("role_id") ? <OnePicker id={`${id}-role`} label={text.roleFilter} error={error("role_id")} kind="role" optional value={trigger.role_id} onChange={(role_id) => set({ role_id })} pickers={context.pickers} labels={context.labels} /> : null}
      {uses("match_mode") ? (
        <>
          <Field id={`${id}-mode`} label={text.matchMode} error={error("match_mode")}>
            {(aria) => (
              <select {...aria} className={input} value={trigger.match_mode} onChange={(event) => set({ match_mode: event.target.value as AutomationTrigger["match_mode"] })}>
                {MATCH_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {text.modes[mode]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {trigger.match_mode === "contains" ? (
            <Field id={`${id}-text`} label={text.text} error={error("text")}>
              {(aria) => <input {...aria} className={input} value={trigger.text} maxLength={200} onChange={(event) => set({ text: event.target.value })} />}
            </Field>
          ) : (
            <Field id={`${id}-pattern`} label={text.pattern} error={error("pattern")}>
              {(aria) => <input {...aria} className={input} value={trigger.pattern} maxLength={200} dir="ltr" spellCheck={false} onChange={(event) => set({ pattern: event.target.value })} />}
            </Field>
          )}
        </>
      ) : null}
      {uses("channel_id") ? <OnePicker id={`${id}-channel`} label={text.channelFilter} error={error("channel_id")} kind="channel" optional value={trigger.channel_id} onChange={(channel_id) => set({ channel_id })} pickers={context.pickers} labels={context.labels} /> : null}
      {uses("emoji") ? (
        <Field id={`${id}-emoji`} label={text.emoji} error={error("emoji")}>
          {(aria) => <input {...aria} className={`${input} ${formStyles.short}`} value={trigger.emoji} maxLength={64} onChange={(event) => set({ emoji: event.target.value })} />}
        </Field>
      ) : null}
      {uses("message_id") ? (
        <Field id={`${id}-message`} label={text.messageId} error={error("message_id")}>
          {(aria) => <input {...aria} className={input} inputMode="numeric" dir="ltr" value={trigger.message_id ?? ""} maxLength={20} onChange={(event) => set({ message_id: event.target.value.trim() || null })} />}
        </Field>
      ) : null}
      {uses("schedule") ? <ScheduleFields id={id} trigger={trigger} set={set} context={context} /> : null}
    </>
  );
}

function ScheduleFields({ id, trigger, set, context }: { id: string; trigger: AutomationTrigger; set: (changes: Partial<AutomationTrigger>) => void; context: PartContext }) {
  const { text, errors, labels } = context;
  const error = (field: string) => errors[`trigger.${field}`];
  return (
    <>
      <Field id={`${id}-schedule`} label={text.schedule} error={error("schedule")}>
        {(aria) => (
          <select {...aria} className={input} value={trigger.schedule} onChange={(event) => set({ schedule: event.target.value as AutomationTrigger["schedule"] })}>
            {SCHEDULE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {text.schedules[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {trigger.schedule === "weekly" ? (
        <Field id={`${id}-weekday`} label={text.weekday} error={error("weekday")}>
          {(aria) => (
            <select {...aria} className={input} value={trigger.weekday} onChange={(event) => set({ weekday: Number(event.target.value) })}>
              {(["1", "2", "3", "4", "5", "6", "0"] as const).map((day) => (
                <option key={day} value={day}>
                  {text.weekdays[day]}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {trigger.schedule === "cron" ? (
        <Field id={`${id}-cron`} label={text.cron} help={text.cronHelp} error={error("cron")}>
          {(aria) => <input {...aria} className={input} dir="ltr" spellCheck={false} value={trigger.cron} maxLength={100} onChange={(event) => set({ cron: event.target.value })} />}
        </Field>
      ) : (
        <Field id={`${id}-time`} label={text.time} error={error("time")}>
          {(aria) => <input {...aria} type="time" className={`${input} ${formStyles.short}`} value={trigger.time} onChange={(event) => set({ time: event.target.value })} />}
        </Field>
      )}
      <Field id={`${id}-zone`} label={text.timeZone} error={error("time_zone")}>
        {(aria) =>
          labels.pickers ? (
            <TimeZoneCombobox id={aria.id} value={trigger.time_zone} onSelect={(time_zone) => set({ time_zone })} labels={labels.pickers} noMatches={labels.noMatches} guildZone={context.guildZone} invalid={!!error("time_zone")} describedBy={aria["aria-describedby"]} />
          ) : null
        }
      </Field>
    </>
  );
}

type RowButtons = { id?: string; label: string; onClick: () => void; disabled?: boolean; danger?: boolean };

function PartHead({ title, buttons }: { title: string; buttons: RowButtons[] }) {
  return (
    <div className={styles.partHead}>
      <h4 className={styles.partTitle}>{title}</h4>
      <div className={styles.buttons}>
        {buttons.map((button) => (
          <button key={button.label} id={button.id} type="button" className={`button button-secondary ${button.danger ? panelStyles.dangerButton : ""}`} onClick={button.onClick} disabled={button.disabled}>
            {button.label}
          </button>
        ))}
      </div>
    </div>
  );
}

export function ConditionFields({ id, index, rule, onChange, onRemove, context }: { id: string; index: number; rule: AutomationCondition; onChange: (next: AutomationCondition) => void; onRemove: () => void; context: PartContext }) {
  const { text, errors } = context;
  const n = index + 1;
  const set = (changes: Partial<AutomationCondition>) => onChange({ ...rule, ...changes });
  const uses = (field: string) => CONDITION_FIELDS[rule.type].includes(field);
  const error = (field: string) => errors[`conditions.${index}.${field}`];
  return (
    <>
      <PartHead title={fill(text.conditionN, { n })} buttons={[{ label: fill(text.removeCondition, { n }), onClick: onRemove, danger: true }]} />
      <Field id={`${id}-type`} label={text.conditionType} error={error("type")}>
        {(aria) => (
          <select {...aria} className={input} value={rule.type} onChange={(event) => set({ type: event.target.value as AutomationCondition["type"] })}>
            {CONDITION_TYPES.map((type) => (
              <option key={type} value={type}>
                {text.conditionTypes[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {uses("role_ids") ? <ManyPicker id={`${id}-roles`} label={text.roles} error={error("role_ids")} kind="roles" max={10} value={rule.role_ids} onChange={(role_ids) => set({ role_ids })} pickers={context.pickers} labels={context.labels} /> : null}
      {uses("channel_ids") ? <ManyPicker id={`${id}-channels`} label={text.channels} error={error("channel_ids")} kind="channels" max={10} value={rule.channel_ids} onChange={(channel_ids) => set({ channel_ids })} pickers={context.pickers} labels={context.labels} /> : null}
      {uses("days") ? (
        <Field id={`${id}-days`} label={text.days} error={error("days")}>
          {(aria) => <input {...aria} type="number" min={0} max={3650} className={`${input} ${formStyles.number}`} value={rule.days} onChange={(event) => set({ days: Number(event.target.value) })} />}
        </Field>
      ) : null}
      {uses("variable") ? (
        <>
          <Field id={`${id}-variable`} label={text.variable} error={error("variable")}>
            {(aria) => <input {...aria} className={input} dir="ltr" spellCheck={false} value={rule.variable} maxLength={64} onChange={(event) => set({ variable: event.target.value.replace(/[{}]/g, "") })} />}
          </Field>
          <Field id={`${id}-operator`} label={text.operator} error={error("operator")}>
            {(aria) => (
              <select {...aria} className={input} value={rule.operator} onChange={(event) => set({ operator: event.target.value as AutomationCondition["operator"] })}>
                {COMPARISONS.map((operator) => (
                  <option key={operator} value={operator}>
                    {text.operators[operator]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-value`} label={text.value} error={error("value")}>
            {(aria) => <input {...aria} className={input} value={rule.value} maxLength={200} onChange={(event) => set({ value: event.target.value })} />}
          </Field>
        </>
      ) : null}
    </>
  );
}

type ActionProps = { id: string; index: number; count: number; step: AutomationAction; onChange: (next: AutomationAction) => void; onMove: (by: -1 | 1) => void; onRemove: () => void; context: PartContext };

export function ActionFields({ id, index, count, step, onChange, onMove, onRemove, context }: ActionProps) {
  const { text, errors } = context;
  const n = index + 1;
  const set = (changes: Partial<AutomationAction>) => onChange({ ...step, ...changes });
  const uses = (field: string) => ACTION_FIELDS[step.type].includes(field);
  const error = (field: string) => errors[`actions.${index}.${field}`];
  const textField = (field: "content" | "embed_title" | "embed_description" | "variable" | "value" | "url", label: string, max: number, multiline = false) =>
    uses(field) ? (
      <Field id={`${id}-${field}`} label={label} error={error(field)}>
        {(aria) =>
          multiline ? (
            <textarea {...aria} className={input} rows={3} maxLength={max} value={step[field]} onChange={(event) => set({ [field]: event.target.value })} />
          ) : (
            <input {...aria} className={input} maxLength={max} value={step[field]} {...(field === "url" || field === "variable" ? { dir: "ltr", spellCheck: false } : {})} onChange={(event) => set({ [field]: event.target.value })} />
          )
        }
      </Field>
    ) : null;
  return (
    <>
      <PartHead
        title={fill(text.actionN, { n })}
        buttons={[
          { id: `${id}-up`, label: fill(text.moveUp, { n }), onClick: () => onMove(-1), disabled: index === 0 },
          { id: `${id}-down`, label: fill(text.moveDown, { n }), onClick: () => onMove(1), disabled: index === count - 1 },
          { label: fill(text.removeAction, { n }), onClick: onRemove, disabled: count === 1, danger: true },
        ]}
      />
      <Field id={`${id}-type`} label={text.actionType} error={error("type")}>
        {(aria) => (
          <select {...aria} className={input} value={step.type} onChange={(event) => set({ type: event.target.value as AutomationAction["type"] })}>
            {ACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {text.actionTypes[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {uses("channel_id") ? <OnePicker id={`${id}-channel`} label={text.channel} error={error("channel_id")} kind="channel" optional={false} value={step.channel_id} onChange={(channel_id) => set({ channel_id })} pickers={context.pickers} labels={context.labels} /> : null}
      {uses("role_id") ? <OnePicker id={`${id}-role`} label={text.role} error={error("role_id")} kind="role" gives optional={false} value={step.role_id} onChange={(role_id) => set({ role_id })} pickers={context.pickers} labels={context.labels} /> : null}
      {textField("content", step.type === "webhook" ? text.webhookContent : text.content, 2000, true)}
      {textField("embed_title", text.embedTitle, 256)}
      {textField("embed_description", text.embedDescription, 4096, true)}
      {uses("seconds") ? (
        <Field id={`${id}-seconds`} label={text.seconds} error={error("seconds")}>
          {(aria) => <input {...aria} type="number" min={1} max={MAX_WAIT_SECONDS} className={`${input} ${formStyles.number}`} value={step.seconds} onChange={(event) => set({ seconds: Number(event.target.value) })} />}
        </Field>
      ) : null}
      {textField("variable", text.variableName, 32)}
      {textField("value", text.variableValue, 500)}
      {textField("url", text.url, 2048)}
    </>
  );
}
