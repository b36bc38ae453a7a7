"use client";

import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { announcePluginSaved, onPluginSaved, type PluginSaved } from "@/components/plugin-events";
import { realtimeConnection } from "@/components/realtime/connection";
import { takeOverTurningOn, type SwitchOutcome } from "@/components/plugin-switching";
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
import type { GuildSettingsUpdate } from "@/lib/realtime/opcodes";
import { useLiveValidation } from "./use-live-validation";
import { useUnsavedGuard } from "./use-unsaved-guard";
import { changedKeys, drawnOrder, fieldErrorsOf, firstProblem, isEqual, needLabelsOf, pick } from "./values";
import styles from "./form.module.css";

export type SettingsFormText = SaveBarText & { saved: string; leave: string };

type Props = {
  guildId: string;
  pluginId: string;
  /** The plugin's name, as the sentences about what it needs say it. */
  pluginName: string;
  spec: FormSpec;
  initial: { enabled: boolean; config: Values; version: number };
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

/**
 * The plugin's config form: edits locally, saves only changed keys with If-Match, keeps conflicts
 * visible. It takes over turning the plugin on (the page's switch): what the plugin still needs is
 * said beside its fields, and the unsaved changes are saved with the switch, in one request.
 */
export function SettingsForm({ guildId, pluginId, pluginName, spec, initial, texts, labels, text, pickers: packedPickers, premiumGuild, locked, messageEditor, defaults, emojiPicker, imageField, sectionTitles }: Props) {
  const pickers = useMemo(() => unpackPickers(packedPickers), [packedPickers]);
  const roleCreation = useMemo(() => (labels.createRole ? { guildId, text: labels.createRole } : undefined), [guildId, labels.createRole]);
  const [saved, setSaved] = useState<Values>(initial.config);
  const [draft, setDraft] = useState<Values>(initial.config);
  const [version, setVersion] = useState(initial.version);
  // The version held, also as a ref: an update heard after a version was adopted but before the
  // render that adoption causes must be compared with the new version, not the rendered one.
  const heldVersion = useRef(initial.version);
  const holdVersion = (next: number) => {
    heldVersion.current = next;
    setVersion(next);
  };
  const [enabled, setEnabled] = useState(initial.enabled);
  // A refused switch: what turning the plugin on needs stays shown, live, until it is on.
  const [turningOn, setTurningOn] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  // Who saved a newer version while this form was open (the realtime channel): the conflict names them before any save fails.
  const [changedBy, setChangedBy] = useState<string | null>(null);
  const heardWhileSaving = useRef<GuildSettingsUpdate | null>(null);
  /** The version the realtime channel said someone saved, while that is what the conflict is about. */
  const heardVersion = useRef<number | null>(null);
  const [reloading, setReloading] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const [focusErrors, setFocusErrors] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const fieldNames = useMemo(() => spec.fields.map((field) => field.name), [spec]);
  const needLabels = useMemo(() => needLabelsOf(texts, pluginName), [texts, pluginName]);
  const stored = useMemo(() => ({ enabled, values: saved }), [enabled, saved]);
  const live = useLiveValidation(pluginId, undefined, fieldNames, draft, { labels: needLabels, stored, start: saved, turningOn });
  const shownErrors = live.shown(errors);

  const dirty = changedKeys(saved, draft).length > 0;
  useUnsavedGuard(dirty && !reloading, text.leave);

  // The enable switch (and islands saving keys this form does not show, like the welcome
  // card's background) bump the version; adopt it when the fields this form holds are unchanged.
  const adoptVersion = useEffectEvent((detail: PluginSaved) => {
    if (detail.pluginId !== pluginId) return;
    setEnabled(detail.enabled);
    if (detail.enabled) setTurningOn(false);
    const same = spec.fields.every((field) => isEqual(detail.config[field.name], saved[field.name]));
    if (!same) return;
    holdVersion(detail.version);
    // This tab's own write (the welcome card's background) can be heard on the realtime channel
    // before its answer announces it here: once announced, it is no one else's change.
    if (heardVersion.current !== null && detail.version >= heardVersion.current) {
      heardVersion.current = null;
      setChangedBy(null);
      setConflict(false);
    }
  });
  useEffect(() => onPluginSaved((detail) => adoptVersion(detail)), []);

  // Another tab or admin saved this plugin: a newer version than the one shown means "reload", said at once
  // instead of a 412 on the next save. An update heard during this form's own save waits for its answer,
  // which tells whether it was this save's own version.
  const heardUpdate = useEffectEvent((update: GuildSettingsUpdate) => {
    if (update.plugin_id !== pluginId || update.version === null) return;
    if (saving) heardWhileSaving.current = update;
    else if (update.version > heldVersion.current) {
      heardVersion.current = update.version;
      setChangedBy(update.user.name);
      setConflict(true);
    }
  });
  useEffect(() => {
    const connection = realtimeConnection();
    if (!connection) return;
    connection.identify(guildId);
    const stop = connection.listen((event) => event.t === "GUILD_SETTINGS_UPDATE" && heardUpdate(event.d as unknown as GuildSettingsUpdate));
    return () => {
      stop();
      connection.identify(null);
    };
  }, [guildId]);
  useEffect(() => {
    const update = heardWhileSaving.current;
    if (saving || !update) return;
    heardWhileSaving.current = null;
    heardUpdate(update);
  }, [saving, version]);

  // Typing into the server-drawn form before hydration is lost when React takes it over: the
  // marker tells automated journeys (and the e2e tests) when the form answers input.
  useEffect(() => form.current?.setAttribute("data-hydrated", ""), []);

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
    if (saving || conflict || changedKeys(saved, draft).length === 0) return;
    // The schema's own problems, and what the changes leave the plugin without, are shown without asking the server.
    if (Object.keys(await live.checkAll(draft)).length > 0) {
      setFocusErrors((count) => count + 1);
      return;
    }
    await write(false);
  }

  /** Sends the changed keys (and `enabled: true` when turning the plugin on) in one request. */
  async function write(turnOn: boolean): Promise<SwitchOutcome> {
    const keys = changedKeys(saved, draft);
    const sent = draft;
    setSaving(true);
    try {
      const result = await apiFetch<Saved>(`/plugins/${pluginId}/config/${guildId}`, {
        method: "PATCH",
        body: { ...(turnOn && { enabled: true }), ...pick(sent, keys) },
        headers: { "If-Match": `"${version}"` },
        handles: ["version_conflict", "validation_failed"],
      });
      setSaved(result.config);
      holdVersion(result.version);
      setEnabled(result.enabled);
      setTurningOn(false);
      // Keep edits made while the request was in flight; take the server's value elsewhere.
      setDraft((current) => Object.fromEntries(Object.keys(result.config).map((key) => [key, isEqual(current[key], sent[key]) ? result.config[key] : current[key]])));
      setErrors({});
      if (keys.length > 0) setJustSaved(true);
      announcePluginSaved({ pluginId, enabled: result.enabled, config: result.config, version: result.version });
      return { status: "saved" };
    } catch (error) {
      const code = error instanceof TransportError ? errorCodeOf(error.body) : undefined;
      if (code === "version_conflict") setConflict(true);
      else if (code === "validation_failed") {
        const fields = fieldErrorsOf((error as TransportError).body);
        if (Object.keys(fields).length === 0) raiseErrorModal({ message: (error as TransportError).message });
        setErrors(fields);
        setFocusErrors((count) => count + 1);
        return { status: "refused" };
      } else reportUnshownError(error);
      return { status: "failed" };
    } finally {
      setSaving(false);
    }
  }

  // The page's switch asks this form to turn the plugin on (components/plugin-switching.ts).
  const turnOn = useEffectEvent(async (): Promise<SwitchOutcome> => {
    if (saving) return { status: "failed" };
    // Checked as the server would: the unsaved changes go with the switch.
    if (Object.keys(await live.checkAll(draft, { turningOn: true })).length === 0) {
      const outcome = await write(true);
      if (outcome.status !== "refused") return outcome;
    }
    // What it needs stays shown beside its fields until it is on.
    setTurningOn(true);
    setFocusErrors((count) => count + 1);
    return { status: "refused" };
  });
  useEffect(() => takeOverTurningOn(pluginId, { turnOn: () => turnOn() }), [pluginId]);

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
        context={{ idPrefix: `cfg-${pluginId}`, texts, labels, pickers, errors: shownErrors, premiumGuild, disabled: locked, message: messageEditor, defaults, emoji: emojiPicker, image: imageField, roleCreation }}
      />
      {dirty || conflict ? (
        <SaveBar
          text={text}
          saving={saving}
          conflict={conflict}
          changedBy={changedBy}
          problem={firstProblem(shownErrors, drawnOrder(spec), texts)}
          onReset={() => {
            setDraft(saved);
            setErrors({});
            setTurningOn(false);
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
