"use client";

import { useEffect, useRef, useState } from "react";
import { BackgroundPicker, type BackgroundPickerText } from "@/components/card-editor/background-picker";
import { CardPreview, type CardPreviewText } from "@/components/card-editor/card-preview";
import { PICKER_ERROR_CODES, useBackgroundChoice } from "@/components/card-editor/use-background-choice";
import { useFormFollower } from "@/components/card-editor/use-form-follower";
import editor from "@/components/card-editor/card-editor.module.css";
import { announcePluginSaved, onPluginSaved } from "@/components/plugin-events";
import { apiFetch } from "@/lib/http/client-fetch";
import { CARD_HEIGHT, CARD_WIDTH } from "@/lib/card-drawing/presets";

export type WelcomeCardText = CardPreviewText &
  BackgroundPickerText & {
    preview: string;
    sampleNote: string;
    fontNote: string;
  };

export type UploadOption = { key: string; value: string; url: string };

type BackgroundState = {
  background: { value: string };
  uploads: UploadOption[];
  enabled: boolean;
  config: Record<string, unknown>;
  version: number;
};

type Props = {
  guildId: string;
  initial: {
    /** The picked background; "" when none of the options is (the stored one is missing). */
    background: string;
    title: string;
    subtitle: string;
    uploads: UploadOption[];
    missingUpload: boolean;
  };
  /** Limits of the title and subtitle (the preview refuses longer ones). */
  limits: { title: number; subtitle: number };
  disabled: boolean;
  text: WelcomeCardText;
};

const CARD_SIZE = { width: CARD_WIDTH, height: CARD_HEIGHT };

function previewUrl(guildId: string, values: { title: string; subtitle: string; background: string }, limits: Props["limits"]): string {
  const query = new URLSearchParams({ title: values.title.slice(0, limits.title), subtitle: values.subtitle.slice(0, limits.subtitle) });
  // Without a background the saved one is drawn.
  if (values.background) query.set("background", values.background);
  return `/api/plugins/welcome/welcome-card/${guildId}/preview?${query}`;
}

/**
 * The welcome card's live preview and background picker. The title and subtitle are
 * edited in the settings form above: the preview follows what is typed there. Picking a
 * background saves it at once (PUT …/background); an upload is stored and picked in one
 * request (POST …/background).
 */
export function WelcomeCardEditor({ guildId, initial, limits, disabled, text }: Props) {
  const [title, setTitle] = useState(initial.title);
  const [subtitle, setSubtitle] = useState(initial.subtitle);
  const announcing = useRef(false);

  /** The settings form above adopts the new version (it does not hold card_background). */
  function announce(state: BackgroundState) {
    announcing.current = true;
    try {
      announcePluginSaved({ pluginId: "welcome", enabled: state.enabled, config: state.config, version: state.version });
    } finally {
      announcing.current = false;
    }
    return { background: state.background.value, uploads: state.uploads };
  }

  const choice = useBackgroundChoice<UploadOption>({
    initial,
    errors: text.errors,
    save: async (value) =>
      announce(await apiFetch<BackgroundState>(`/plugins/welcome/welcome-card/${guildId}/background`, { method: "PUT", body: { background: value }, handles: PICKER_ERROR_CODES })),
    async upload(form) {
      const saved = announce(await apiFetch<BackgroundState>(`/plugins/welcome/welcome-card/${guildId}/background`, { method: "POST", body: form, handles: PICKER_ERROR_CODES }));
      return { uploads: saved.uploads, saved: saved.background };
    },
  });

  // The title and subtitle as they stand in the settings form.
  useFormFollower(() => {
    const valueOf = (field: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-field="${field}"] :is(input, textarea)`)?.value;
    const [nextTitle, nextSubtitle] = [valueOf("card_title"), valueOf("card_subtitle")];
    if (nextTitle !== undefined) setTitle(nextTitle);
    if (nextSubtitle !== undefined) setSubtitle(nextSubtitle);
  });

  // Saves of the welcome config elsewhere on the page (the form, the switch).
  useEffect(
    () =>
      onPluginSaved((detail) => {
        if (detail.pluginId !== "welcome" || announcing.current) return;
        const config = detail.config;
        if (typeof config.card_title === "string") setTitle(config.card_title);
        if (typeof config.card_subtitle === "string") setSubtitle(config.card_subtitle);
      }),
    [],
  );

  return (
    <div className={editor.editor}>
      <CardPreview
        url={previewUrl(guildId, { title, subtitle, background: choice.background }, limits)}
        size={CARD_SIZE}
        text={text}
        caption={`${text.sampleNote} ${text.fontNote}`}
        testId="welcome-card-preview"
      />
      <BackgroundPicker prefix="welcome-card" guildId={guildId} choice={choice} size={CARD_SIZE} disabled={disabled} text={text} />
    </div>
  );
}
