"use client";

import dynamic from "next/dynamic";
import type { EmbedBuilderLabels } from "@/components/embed-builder/types";
import { MessageEditor } from "@/components/message-editor/message-editor";
import type { MessageEditorData } from "@/components/message-editor/types";
import { PremiumFieldNote } from "@/components/premium/premium-field-note";
import { Switch } from "@/components/switch";
import { MESSAGE_CONTENT_LIMIT } from "@/lib/messages/limits";
import { ColorControl, humanize, NumberControl, SelectControl, TextAreaControl, TextControl, type ControlProps } from "./controls";
import { EnumChecks, StringList } from "./list-controls";
import { ObjectList } from "./object-list";
import { MultiPicker, SinglePicker } from "./picker-controls";
import { isChannelUi, isRoleUi } from "./picker-options";
import { TimezoneList } from "./timezone-list";
import type { FieldErrors, FieldTexts, FormField, FormLabels, Pickers } from "./types";
import { errorFor } from "./values";
import styles from "./form.module.css";

// Its own chunk: only the pages whose forms hold embeds (saved embeds, custom commands)
// download it; it is still drawn on the server where it appears.
const EmbedBuilder = dynamic(() => import("@/components/embed-builder/embed-builder").then((module) => module.EmbedBuilder));

export type RowContext = {
  idPrefix: string;
  texts: FieldTexts;
  labels: FormLabels;
  pickers: Pickers;
  errors: FieldErrors;
  premiumGuild: boolean;
  /** Everything read-only (a premium plugin on a free guild, or a save in flight). */
  disabled?: boolean;
  /** Preview sample, member names and strings for `ui: "message"` fields; without it they are plain text areas. */
  message?: MessageEditorData;
  /** Strings of the embed builder (`ui: "embeds"` fields), which also needs `message`. */
  embedBuilder?: EmbedBuilderLabels;
};

type Props = { field: FormField; path: string; textKey: string; value: unknown; onChange: (value: unknown) => void; context: RowContext };

/** Lists get a fieldset and legend; single controls a <label for>. */
const isGroup = (field: FormField) =>
  field.type === "object-array" || (field.type === "array" && !isChannelUi(field.ui) && !isRoleUi(field.ui));

/** One labelled setting: label, premium badge, control, help and error, wired with ids. */
export function FieldRow({ field, path, textKey, value, onChange, context }: Props) {
  const { labels, premiumGuild } = context;
  const text = context.texts[textKey] ?? { label: humanize(field.name) };
  const id = `${context.idPrefix}-${path.replace(/\./g, "-")}`;
  const error = errorFor(context.errors, path, field);
  const locked = Boolean(field.premium) && !premiumGuild;
  // On a free guild, freeMax caps list lengths (and string lengths) below the schema's own maximum.
  const capped = !premiumGuild && field.freeMax !== undefined;
  const limit = capped ? field.freeMax : undefined;
  const helpId = text.help ? `${id}-help` : undefined;
  // Locked premium fields get a line only from the premium strings: the plain fallback (labels.freeMax) speaks of caps alone.
  const noted = capped || (locked && labels.premiumOffer !== undefined);
  const capId = noted ? `${id}-cap` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, capId, errorId].filter(Boolean).join(" ") || undefined;
  const control: ControlProps<unknown> = { id, field, value, onChange, disabled: context.disabled || locked, invalid: Boolean(error), describedBy, labels, limit };

  const badge = locked || capped ? <span className="badge badge-premium">{labels.premium}</span> : null;
  const help = text.help ? (
    <p id={helpId} className={styles.help}>
      {text.help}
    </p>
  ) : null;
  const cap = capId ? <PremiumFieldNote id={capId} className={styles.help} field={field} labels={labels} /> : null;
  const errorText = error ? (
    <p id={errorId} className={styles.error}>
      {error}
    </p>
  ) : null;

  if (field.type === "boolean") {
    return (
      <div className={`${styles.row} ${styles.toggleRow}`} data-field={path}>
        <div className={styles.toggleText}>
          <label htmlFor={id} className={styles.label}>
            {text.label} {badge}
          </label>
          {help}
          {cap}
          {errorText}
        </div>
        <Switch id={id} checked={value === true} onToggle={() => onChange(value !== true)} disabled={control.disabled} describedBy={describedBy} />
      </div>
    );
  }

  // Embed lists get the embed builder when the page sent its data; otherwise they are drawn as any list.
  const builder = field.ui === "embeds" && context.message && context.embedBuilder ? { data: context.message, labels: context.embedBuilder } : null;
  if (builder || isGroup(field)) {
    const fieldText = (key: string) => context.texts[`${textKey}.${key}`]?.label ?? humanize(key.split(".").pop() ?? key);
    return (
      <fieldset className={`${styles.row} ${styles.group}`} data-field={path} aria-describedby={describedBy}>
        <legend className={styles.label}>
          {text.label} {badge}
        </legend>
        {help}
        {cap}
        {builder ? (
          <EmbedBuilder
            id={id}
            path={path}
            value={value}
            onChange={onChange}
            disabled={control.disabled}
            min={field.minItems ?? 0}
            max={limit ?? field.maxItems ?? 10}
            fieldText={fieldText}
            errors={context.errors}
            pickers={context.pickers}
            data={builder.data}
            labels={builder.labels}
            formLabels={labels}
          />
        ) : field.type === "object-array" ? (
          <ObjectList {...control} path={path} textKey={textKey} context={{ ...context, disabled: control.disabled }} />
        ) : field.itemType === "enum" ? (
          <EnumChecks {...control} optionLabels={text.options} />
        ) : (
          <StringList {...control} />
        )}
        {errorText}
      </fieldset>
    );
  }

  return (
    <div className={styles.row} data-field={path}>
      <label htmlFor={id} className={styles.label}>
        {text.label} {badge}
      </label>
      {help}
      {cap}
      {renderControl(field, control, context, text.options)}
      {errorText}
    </div>
  );
}

function renderControl(field: FormField, control: ControlProps<unknown>, { pickers, message }: RowContext, optionLabels?: Record<string, string>) {
  if (field.ui === "message" && message) return <MessageControl {...control} pickers={pickers} data={message} />;
  if (isChannelUi(field.ui) || isRoleUi(field.ui)) {
    return field.type === "array" ? <MultiPicker {...control} pickers={pickers} /> : <SinglePicker {...control} pickers={pickers} />;
  }
  if (field.ui === "color") return <ColorControl {...control} />;
  if (field.type === "integer" || field.type === "number") return <NumberControl {...control} />;
  if (field.type === "enum") return <SelectControl {...control} optionLabels={optionLabels} />;
  if (field.ui === "message" || field.ui === "textarea") return <TextAreaControl {...control} />;
  if (field.ui === "timezone") {
    return (
      <>
        <TextControl {...control} />
        <TimezoneList id={`${control.id}-zones`} />
      </>
    );
  }
  return <TextControl {...control} />;
}

/** The message editor behind the field API: empty text is "not set" on nullable fields. */
function MessageControl({ id, field, value, onChange, disabled, invalid, describedBy, limit, pickers, data }: ControlProps<unknown> & { pickers: Pickers; data: MessageEditorData }) {
  return (
    <MessageEditor
      id={id}
      value={typeof value === "string" ? value : ""}
      onChange={(text) => onChange(text === "" && field.nullable ? null : text)}
      disabled={disabled}
      invalid={invalid}
      describedBy={describedBy}
      limit={limit ?? field.maxLength ?? MESSAGE_CONTENT_LIMIT}
      channels={pickers.channels}
      roles={pickers.roles}
      data={data}
    />
  );
}
