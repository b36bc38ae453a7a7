"use client";

import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { announcePluginSaved, onPluginSaved, type PluginSaved } from "@/components/plugin-events";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import { raiseErrorModal } from "@/lib/http/error-bus";
import type { EmojiPickerData } from "@/components/emoji-picker/types";
import type { ImageFieldData } from "./image-control";
import type { MessageEditorData } from "@/components/message-editor/types";
import type { RowContext } from "./field-row";
import { FieldsEditor } from "./fields-editor";
import { SaveBar, type SaveBarText } from "./save-bar";
import { unpackPickers, type PackedPickers } from "@/lib/guilds/packed-pickers";
import type { FieldErrors, FieldTexts, FormLabels, FormSpec, Values } from "./types";
import { useLiveValidation } from "./use-live-validation";
import { useUnsavedGuard } from "./use-unsaved-guard";
import { changedKeys, fieldErrorsOf, isEqual, pick } from "./values";
import styles from "./form.module.css";

export type SettingsFormText = SaveBarText & { saved: string; leave: string };

type Props = {
  guildId: string;
  pluginId: string;
  spec: FormSpec;
  initial: { config: Values; version: number };
  texts: FieldTexts;
  labels: FormLabels;
  text: SettingsFormText;
  /** Channels and roles as the page sends them (lib/guilds/packed-pickers.ts). */
  pickers: PackedPickers;
  premiumGuild: boolean;
  /** A premium plugin on a free guild: shown, but read-only. */
  locked: boolean;
  /** For `ui: "message"` fields: the editor's preview sample, member names and strings. */
  messageEditor?: MessageEditorData;
  /** Default messages in the guild's language (lib/templates/default-messages.ts). */
  defaults?: RowContext["defaults"];
  /** For `ui: "emoji"` fields: the emoji picker's guild, strings and data URL. */
  emojiPicker?: EmojiPickerData;
  /** For `ui: "image"` fields: where uploads go, and the control's strings. */
  imageField?: ImageFieldData;
  /** Titles of the spec's sections (PluginDefinition.sections), by id. */
  sectionTitles?: Record<string, string>;
};

type Saved = { enabled: boolean; config: Values; version: number };

/** The plugin's config form: edits locally, saves only changed keys with If-Match, keeps conflicts visible. */
export function SettingsForm({ guildId, pluginId, spec, initial, texts, labels, text, pickers: packedPickers, premiumGuild, locked, messageEditor, defaults, emojiPicker, imageField, sectionTitles }: Props) {
  const pickers = useMemo(() => unpackPickers(packedPickers), [packedPickers]);
  const [saved, setSaved] = useState<Values>(initial.config);
  const [draft, setDraft] = useState<Values>(initial.config);
  const [version, setVersion] = useState(initial.version);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const [focusErrors, setFocusErrors] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const fieldNames = useMemo(() => spec.fields.map((field) => field.name), [spec]);
  const live = useLiveValidation(pluginId, undefined, fieldNames, draft);
  const shownErrors = live.shown(errors);

  const dirty = changedKeys(saved, draft).length > 0;
  useUnsavedGuard(dirty && !reloading, text.leave);

  // The enable switch (and islands saving keys this form does not show, like the welcome
  // card's background) bump the version; adopt it when the fields this form holds are unchanged.
  const adoptVersion = useEffectEvent((detail: PluginSaved) => {
    const same = spec.fields.every((field) => isEqual(detail.config[field.name], saved[field.name]));
    if (detail.pluginId === pluginId && same) setVersion(detail.version);
  });
  useEffect(() => onPluginSaved((detail) => adoptVersion(detail)), []);

  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);

  useEffect(() => {
    if (focusErrors) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusErrors]);

  useEffect(() => {
    if (!justSaved) return;
    const timer = window.setTimeout(() => setJustSaved(false), 3000);
    return () => window.clearTimeout(timer);
  }, [justSaved]);

  async function save() {
    const keys = changedKeys(saved, draft);
    if (saving || conflict || keys.length === 0) return;
    const sent = draft;
    // The schema's own problems are shown without asking the server.
    if (Object.keys(await live.checkAll(sent)).length > 0) {
      setFocusErrors((count) => count + 1);
      return;
    }
    setSaving(true);
    try {
      const result = await apiFetch<Saved>(`/plugins/${pluginId}/config/${guildId}`, {
        method: "PATCH",
        body: pick(draft, keys),
        headers: { "If-Match": `"${version}"` },
        handles: ["version_conflict", "validation_failed"],
      });
      setSaved(result.config);
      setVersion(result.version);
      // Keep edits made while the request was in flight; take the server's value elsewhere.
      setDraft((current) => Object.fromEntries(Object.keys(result.config).map((key) => [key, isEqual(current[key], sent[key]) ? result.config[key] : current[key]])));
      setErrors({});
      setJustSaved(true);
      announcePluginSaved({ pluginId, enabled: result.enabled, config: result.config, version: result.version });
    } catch (error) {
      const code = error instanceof TransportError ? errorCodeOf(error.body) : undefined;
      if (code === "version_conflict") setConflict(true);
      else if (code === "validation_failed") {
        const fields = fieldErrorsOf((error as TransportError).body);
        if (Object.keys(fields).length === 0) raiseErrorModal({ message: (error as TransportError).message });
        setErrors(fields);
        setFocusErrors((count) => count + 1);
      } else reportUnshownError(error);
    } finally {
      setSaving(false);
    }
  }

  // Ctrl+S / Cmd+S saves instead of saving the page as a file.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
      event.preventDefault();
      void save();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  function change(name: string, value: unknown) {
    setDraft((current) => ({ ...current, [name]: value }));
    setJustSaved(false);
    // A fixed field loses its error; the others stay until the next save.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => path !== name && !path.startsWith(`${name}.`))));
  }

  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      {...live.formProps}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FieldsEditor
        spec={spec}
        values={draft}
        onChange={change}
        sectionTitles={sectionTitles}
        context={{ idPrefix: `cfg-${pluginId}`, texts, labels, pickers, errors: shownErrors, premiumGuild, disabled: locked, message: messageEditor, defaults, emoji: emojiPicker, image: imageField }}
      />
      {dirty || conflict ? (
        <SaveBar
          text={text}
          saving={saving}
          conflict={conflict}
          invalid={Object.keys(shownErrors).length > 0}
          onReset={() => {
            setDraft(saved);
            setErrors({});
            live.reset();
          }}
          onReload={() => setReloading(true)}
        />
      ) : null}
      <p className={`${styles.savedToast} ${justSaved ? styles.savedToastShown : ""}`} role="status">
        {justSaved ? text.saved : ""}
      </p>
    </form>
  );
}
