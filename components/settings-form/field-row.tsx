"use client";

import { lazy, Suspense } from "react";
import type { EmbedBuilderLabels } from "@/components/embed-builder/types";
import { LoadingStatus } from "@/components/loading-status";
import { fillNodes } from "@/components/pickers/fill-nodes";
import type { EmojiPickerData } from "@/components/emoji-picker/types";
import { MessageEditor } from "@/components/message-editor/message-editor";
import type { MessageEditorData } from "@/components/message-editor/types";
import { PremiumFieldNote } from "@/components/premium/premium-field-note";
import type { SourcePickerLabels } from "@/components/source-picker/types";
import { Switch } from "@/components/switch";
import { MESSAGE_CONTENT_LIMIT } from "@/lib/platform-messages/limits";
import { defaultKeyOf, withDefaultText, type DefaultTexts } from "@/lib/templates/default-messages";
import { ColorControl, NumberControl, SelectControl, TextAreaControl, TextControl, type ControlProps } from "./controls";
import type { ImageFieldData } from "./image-control";
import { EnumChecks, StringList } from "./list-controls";
import { ObjectList } from "./object-list";
import { MultiPicker, SinglePicker } from "./picker-controls";
import { isChannelUi } from "@/lib/plugins/channel-uis";
import { isRoleUi } from "./picker-options";
import type { RoleCreation } from "./use-role-creation";
import type { FieldErrors, FieldTexts, FormField, FormLabels, Pickers } from "./types";
import { errorFor, humanize } from "./values";
import styles from "./form.module.css";

// Each its own chunk: only the forms that hold such a field (embeds: saved embeds and custom
// commands; a date, a time zone, an emoji, a feed source, an image) download it. React's lazy
// rather than next/dynamic: next/dynamic's own runtime weighed ~1.3 KB (gzip) in every form's
// first load. Drawn on the server where it appears; the browser fetches it as hydration reaches it.
const EmbedBuilder = lazy(() => import("@/components/embed-builder/embed-builder").then((module) => ({ default: module.EmbedBuilder })));
const DateTimeControl = lazy(() => import("@/components/pickers/date-time-control").then((module) => ({ default: module.DateTimeControl })));
const TimeZoneCombobox = lazy(() => import("@/components/pickers/time-zone-combobox").then((module) => ({ default: module.TimeZoneCombobox })));
const EmojiControl = lazy(() => import("@/components/emoji-picker/emoji-control").then((module) => ({ default: module.EmojiControl })));
const SourcePicker = lazy(() => import("@/components/source-picker/source-picker").then((module) => ({ default: module.SourcePicker })));
const ImageControl = lazy(() => import("./image-control").then((module) => ({ default: module.ImageControl })));

/** A lazy control, with "Loading…" where its code is still on its way (a dialog's first opening). */
function Later({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<LoadingStatus className={styles.help} />}>{children}</Suspense>;
}

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
  /** Default messages in the guild's language, shown for values still at their default, and that language's name. */
  defaults?: { texts: DefaultTexts; language: string };
  /** The plugin's saved settings that blank item fields fall back to (FormField.fallback), by name. */
  fallbacks?: Readonly<Record<string, unknown>>;
  /** Strings of the embed builder (`ui: "embeds"` fields), which also needs `message`. */
  embedBuilder?: EmbedBuilderLabels;
  /** The guild's time zone (null when not set): where date-time fields start. */
  guildTimezone?: string | null;
  /** "+ Create role" in role pickers; without it they offer only the server's roles. */
  roleCreation?: RoleCreation;
  /** Strings of the source picker (`ui: "source"` fields); without it they are text boxes. */
  source?: SourcePickerLabels;
  /** The guild, strings and data URL of the emoji picker (`ui: "emoji"` fields); without it they are text boxes. */
  emoji?: EmojiPickerData;
  /** The guild, plugin and strings of image fields (`ui: "image"`); without it they are text boxes. */
  image?: ImageFieldData;
};

/** A field another one fills in beside its own (the source picker writes the source's name too). */
export type Companion = { value: unknown; onChange: (value: unknown) => void };

type Props = { field: FormField; path: string; textKey: string; value: unknown; onChange: (value: unknown) => void; context: RowContext; companion?: Companion };

/** Lists get a fieldset and legend; single controls a <label for>. */
const isGroup = (field: FormField) =>
  field.type === "object-array" || (field.type === "array" && !isChannelUi(field.ui) && !isRoleUi(field.ui));

/** One labelled setting: label, premium badge, control, help and error, wired with ids. */
export function FieldRow({ field, path, textKey, value, onChange, context, companion }: Props) {
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
  // A message still at its default shows the guild-language text; typing makes it the owner's own.
  const defaultKey = defaultKeyOf(value);
  const defaultId = defaultKey !== null ? `${id}-default` : undefined;
  const shown = defaultKey !== null ? withDefaultText(value as string, context.defaults?.texts) : value;
  const describedBy = [helpId, capId, defaultId, errorId].filter(Boolean).join(" ") || undefined;
  const control: ControlProps<unknown> = { id, field, value: shown, onChange, disabled: context.disabled || locked, invalid: Boolean(error), describedBy, labels, limit };

  const badge = locked || capped ? <span className="badge badge-premium">{labels.premium}</span> : null;
  const help = text.help ? (
    <p id={helpId} className={styles.help}>
      {text.help}
    </p>
  ) : null;
  const cap = capId ? <PremiumFieldNote id={capId} className={styles.help} field={field} labels={labels} /> : null;
  const defaultNote = defaultId ? (
    <p id={defaultId} className={styles.help}>
      {fillNodes(labels.defaultText, { language: context.defaults?.language ?? "" })}
    </p>
  ) : null;
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
            {text.label}
            {badge ? <> {badge}</> : null}
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
          {text.label}
          {badge ? <> {badge}</> : null}
        </legend>
        {help}
        {cap}
        {builder ? (
          <Later>
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
          </Later>
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
        {text.label}
        {badge ? <> {badge}</> : null}
      </label>
      {help}
      {cap}
      {renderControl(field, control, context, text.options, companion)}
      {defaultNote}
      {errorText}
    </div>
  );
}

function renderControl(field: FormField, control: ControlProps<unknown>, { pickers, message, guildTimezone, emoji, image, source, fallbacks, defaults, roleCreation }: RowContext, optionLabels?: Record<string, string>, companion?: Companion) {
  if (field.ui === "source" && field.provider && source) {
    const { id, value, onChange, disabled, invalid, describedBy } = control;
    const chosen = typeof value === "string" && value !== "" ? { id: value, name: typeof companion?.value === "string" && companion.value ? companion.value : value } : null;
    return (
      <Later>
        <SourcePicker
          id={id}
          provider={field.provider}
          value={chosen}
          onChoose={(account) => {
            onChange(account.id);
            companion?.onChange(account.display_name);
          }}
          labels={source}
          disabled={disabled}
          invalid={invalid}
          describedBy={describedBy}
        />
      </Later>
    );
  }
  if (field.ui === "message" && message) return <MessageControl {...control} pickers={pickers} data={message} fallback={fallbackText(field, fallbacks, defaults?.texts)} />;
  if (field.ui === "emoji" && emoji)
    return (
      <Later>
        <EmojiControl {...control} data={emoji} />
      </Later>
    );
  if (field.ui === "image" && image)
    return (
      <Later>
        <ImageControl {...control} data={image} />
      </Later>
    );
  if (isChannelUi(field.ui) || isRoleUi(field.ui)) {
    const creation = isRoleUi(field.ui) ? roleCreation : undefined;
    return field.type === "array" ? <MultiPicker {...control} pickers={pickers} roleCreation={creation} /> : <SinglePicker {...control} pickers={pickers} roleCreation={creation} />;
  }
  if (field.ui === "color") return <ColorControl {...control} roles={pickers.roles} />;
  const pickerText = control.labels.pickers;
  if (field.ui === "datetime" && pickerText)
    return (
      <Later>
        <DateTimeControl {...control} text={pickerText} guildZone={guildTimezone} />
      </Later>
    );
  if (field.type === "integer" || field.type === "number") return <NumberControl {...control} />;
  if (field.type === "enum") return <SelectControl {...control} optionLabels={optionLabels} />;
  if (field.ui === "message" || field.ui === "textarea") return <TextAreaControl {...control} />;
  if (field.ui === "timezone" && pickerText) {
    const { id, value, onChange, disabled, invalid, describedBy, labels } = control;
    return (
      <Later>
        <TimeZoneCombobox id={id} value={typeof value === "string" ? value : null} onSelect={onChange} labels={pickerText} noMatches={labels.noMatches} disabled={disabled} invalid={invalid} describedBy={describedBy} />
      </Later>
    );
  }
  return <TextControl {...control} />;
}

/** The message a blank field stands for: its fallback setting's text (a default message in the guild's language). */
function fallbackText(field: FormField, fallbacks: RowContext["fallbacks"], texts: DefaultTexts | undefined): string | undefined {
  const stored = field.fallback ? fallbacks?.[field.fallback] : undefined;
  return typeof stored === "string" ? withDefaultText(stored, texts) : undefined;
}

/** The message editor behind the field API: empty text is "not set" on nullable fields. */
function MessageControl({ id, field, value, onChange, disabled, invalid, describedBy, limit, pickers, data, fallback }: ControlProps<unknown> & { pickers: Pickers; data: MessageEditorData; fallback?: string }) {
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
      fallback={fallback}
    />
  );
}
