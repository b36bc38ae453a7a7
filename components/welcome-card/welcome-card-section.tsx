import "server-only";
import { getTranslations } from "next-intl/server";
import { CardSection } from "@/components/card-editor/card-section";
import { cardEditorText } from "@/components/card-editor/card-text";
import type { FormSpec } from "@/components/settings-form/types";
import { getDb } from "@/lib/db/client";
import { uploadUrl } from "@/lib/images/upload";
import type { Locale } from "@/lib/i18n/locales";
import { CARD_SUBTITLE_MAX, CARD_TITLE_MAX } from "@/lib/plugins/welcome/definition";
import { uploadBackground } from "@/lib/card-drawing/background";
import { resolveBackground } from "@/lib/welcome-card/card";
import { listCardUploads, RECENT_WELCOME_UPLOADS } from "@/lib/card-drawing/uploads";
import type { WelcomeCardText } from "./welcome-card-editor";
import { WelcomeCardEditor } from "./welcome-card-editor";

type Props = { guildId: string; locale: Locale; config: Record<string, unknown>; disabled: boolean };

/** The welcome plugin's settings form without the background: the card section picks it. */
export function withoutCardBackground(spec: FormSpec): FormSpec {
  return { ...spec, fields: spec.fields.filter((field) => field.name !== "card_background") };
}

/** The welcome card section of the welcome plugin page: heading, live preview and background picker. */
export async function WelcomeCardSection({ guildId, locale, config, disabled }: Props) {
  const db = await getDb();
  const stored = typeof config.card_background === "string" ? config.card_background : "";
  const [{ background, missing }, uploads, t] = await Promise.all([
    resolveBackground(db, guildId, stored),
    listCardUploads(db, guildId, "welcome", RECENT_WELCOME_UPLOADS),
    getTranslations({ locale, namespace: "welcomeCard" }),
  ]);
  const text: WelcomeCardText = {
    ...cardEditorText(t, t),
    preview: t("preview"),
    sampleNote: t("sampleNote"),
    fontNote: t("fontNote"),
  };

  return (
    <CardSection id="welcome-card" title={t("title")} description={t("description")}>
      <WelcomeCardEditor
        guildId={guildId}
        initial={{
          // A stored image this guild does not have: no option is picked (the default is drawn).
          background: missing ? "" : background.value,
          title: typeof config.card_title === "string" ? config.card_title : "",
          subtitle: typeof config.card_subtitle === "string" ? config.card_subtitle : "",
          uploads: uploads.map((upload) => ({ key: upload.key, value: uploadBackground(upload.key), url: uploadUrl(upload.key) })),
          missingUpload: missing,
        }}
        limits={{ title: CARD_TITLE_MAX, subtitle: CARD_SUBTITLE_MAX }}
        disabled={disabled}
        text={text}
      />
    </CardSection>
  );
}
