"use client";

import { useEffect, useState } from "react";
import { BackgroundPicker, type BackgroundPickerText } from "@/components/card-editor/background-picker";
import { CardPreview, type CardPreviewText } from "@/components/card-editor/card-preview";
import { PICKER_ERROR_CODES, useBackgroundChoice } from "@/components/card-editor/use-background-choice";
import { useFormFollower } from "@/components/card-editor/use-form-follower";
import editor from "@/components/card-editor/card-editor.module.css";
import { announcePluginSaved, onPluginSaved } from "@/components/plugin-events";
import { reportUnshownError } from "@/components/report-error";
import { apiFetch } from "@/lib/http/client-fetch";
import { DEFAULT_RANK_CARD_COLORS, PLAIN_BACKGROUND, RANK_CARD_SIZE } from "@/lib/rank-card/settings";
import { rankCardUrl } from "./rank-card-url";

export type RankCardText = CardPreviewText &
  BackgroundPickerText & {
    sampleNote: string;
    plain: string;
    /** "Remove uploaded image {number}" */
    remove: string;
    confirmRemove: string;
    removed: string;
  };

export type RankUpload = { id: string; value: string; url: string };
type Colors = { background: number | null; accent: number | null; text: number | null };
type ConfigState = { background: { value: string }; uploads: RankUpload[]; version: number };
type Backgrounds = { uploads: RankUpload[]; upload?: { url: string } };

type Props = {
  guildId: string;
  initial: { background: string; colors: Colors; uploads: RankUpload[]; missingUpload: boolean };
  disabled: boolean;
  text: RankCardText;
};

const COLOR_FIELDS = { background: "rank_card_background_color", accent: "rank_card_accent_color", text: "rank_card_text_color" } as const;

const hex = (value: number | null, fallback: number) => (value ?? fallback).toString(16).padStart(6, "0");

/** A colour as the settings form's hex box holds it: a number, null when emptied, undefined when unreadable. */
function formColor(field: string): number | null | undefined {
  const box = document.querySelector<HTMLInputElement>(`[data-field="${field}"] input:not([type="color"])`);
  if (!box) return undefined;
  const value = box.value.trim().replace(/^#/, "");
  if (value === "") return null;
  return /^[0-9a-fA-F]{6}$/.test(value) ? Number.parseInt(value, 16) : undefined;
}

/**
 * The rank card's live preview (the signed-in user's own card) and background picker. The
 * colours are edited in the settings form above: the preview follows them as they change.
 * Picking a background saves it at once (PATCH rank-card/config); an upload is stored
 * (POST rank-card/backgrounds) and then picked.
 */
export function RankCardEditor({ guildId, initial, disabled, text }: Props) {
  const [colors, setColors] = useState(initial.colors);

  /** The settings form above keeps the levels config: it adopts the new version and background. */
  async function announce() {
    const state = await apiFetch<{ enabled: boolean; config: Record<string, unknown>; version: number }>(`/plugins/levels/config/${guildId}`, { silent: true });
    announcePluginSaved({ pluginId: "levels", enabled: state.enabled, config: state.config, version: state.version });
  }

  const choice = useBackgroundChoice<RankUpload>({
    initial,
    errors: text.errors,
    async save(value) {
      const state = await apiFetch<ConfigState>(`/plugins/levels/rank-card/config/${guildId}`, { method: "PATCH", body: { background: value }, handles: PICKER_ERROR_CODES });
      void announce().catch(reportUnshownError);
      return { background: state.background.value, uploads: state.uploads };
    },
    async upload(form) {
      const list = await apiFetch<Backgrounds>(`/plugins/levels/guilds/${guildId}/rank-card/backgrounds`, { method: "POST", body: form, handles: PICKER_ERROR_CODES });
      return { uploads: list.uploads, pick: list.uploads.find((upload) => upload.url === list.upload?.url)?.value };
    },
    async remove(upload, inUse) {
      const list = await apiFetch<Backgrounds>(`/plugins/levels/guilds/${guildId}/rank-card/backgrounds/${upload.id}`, { method: "DELETE" });
      if (!inUse) return { uploads: list.uploads };
      // The server puts a card that used it back on the plain colour.
      void announce().catch(reportUnshownError);
      return { uploads: list.uploads, background: PLAIN_BACKGROUND };
    },
  });

  // The colours as they stand in the settings form.
  useFormFollower(() =>
    setColors((before) => {
      const next = { ...before };
      for (const [key, field] of Object.entries(COLOR_FIELDS) as Array<[keyof Colors, string]>) {
        const value = formColor(field);
        if (value !== undefined) next[key] = value;
      }
      return next.background === before.background && next.accent === before.accent && next.text === before.text ? before : next;
    }),
  );

  // Saves of the levels config elsewhere on the page (the form's Save, the switch).
  useEffect(
    () =>
      onPluginSaved((detail) => {
        if (detail.pluginId !== "levels") return;
        const config = detail.config;
        setColors({
          background: typeof config.rank_card_background_color === "number" ? config.rank_card_background_color : null,
          accent: typeof config.rank_card_accent_color === "number" ? config.rank_card_accent_color : null,
          text: typeof config.rank_card_text_color === "number" ? config.rank_card_text_color : null,
        });
      }),
    [],
  );

  const background = choice.background;
  const url = rankCardUrl(guildId, {
    background_color: hex(colors.background, DEFAULT_RANK_CARD_COLORS.background),
    accent_color: hex(colors.accent, DEFAULT_RANK_CARD_COLORS.accent),
    text_color: hex(colors.text, DEFAULT_RANK_CARD_COLORS.text),
    ...(background ? { background } : {}),
  });

  return (
    <div className={editor.editor}>
      <CardPreview url={url} size={RANK_CARD_SIZE} text={text} caption={text.sampleNote} testId="rank-card-preview" />
      <BackgroundPicker
        prefix="rank-card"
        guildId={guildId}
        choice={choice}
        plain={{ value: PLAIN_BACKGROUND, label: text.plain, color: `#${hex(colors.background, DEFAULT_RANK_CARD_COLORS.background)}` }}
        size={RANK_CARD_SIZE}
        disabled={disabled}
        text={text}
      />
    </div>
  );
}
