import "server-only";
import { getTranslations } from "next-intl/server";
import { CardSection } from "@/components/card-editor/card-section";
import { cardEditorText } from "@/components/card-editor/card-text";
import type { FormSpec } from "@/components/settings-form/types";
import { uploadBackground } from "@/lib/card-drawing/background";
import { listCardUploads } from "@/lib/card-drawing/uploads";
import { getDb } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { uploadUrl } from "@/lib/images/upload";
import { resolveRankBackground } from "@/lib/rank-card/card";
import { PLAIN_BACKGROUND, RANK_CARD_UPLOADS } from "@/lib/rank-card/settings";
import type { RankCardText } from "./rank-card-editor";
import { LazyRankCardOffer } from "./lazy-rank-card-offer";
import { rankCardOfferText } from "./rank-card-text";
import { RankCardEditor } from "./rank-card-editor";

type Props = { guildId: string; locale: Locale; config: Record<string, unknown>; disabled: boolean };

/** The levels settings form without the rank card's background: the rank card section picks it. */
export function withoutRankCardBackground(spec: FormSpec): FormSpec {
  return { ...spec, fields: spec.fields.filter((field) => field.name !== "rank_card_background") };
}

const color = (value: unknown) => (typeof value === "number" ? value : null);

/** The rank card section of the levels page: the custom rank card's offer, live preview (the viewer's own card, drawn by an island) and background picker. */
export async function RankCardSection({ guildId, locale, config, disabled }: Props) {
  const db = await getDb();
  const stored = typeof config.rank_card_background === "string" ? config.rank_card_background : PLAIN_BACKGROUND;
  const [{ background, missing }, uploads, t, tw] = await Promise.all([
    resolveRankBackground(db, guildId, stored),
    listCardUploads(db, guildId, "levels", RANK_CARD_UPLOADS),
    getTranslations({ locale, namespace: "rankCard" }),
    getTranslations({ locale, namespace: "welcomeCard" }),
  ]);
  const raw = (key: string) => t.raw(key) as string;
  // The background picker's words are the welcome card's where they say the same.
  const text: RankCardText = {
    ...cardEditorText(t, tw),
    sampleNote: t("sampleNote"),
    plain: t("plain"),
    remove: raw("remove"),
    confirmRemove: raw("confirmRemove"),
    removed: t("removed"),
  };

  return (
    <CardSection id="rank-card" title={t("title")} description={t("description")}>
      <LazyRankCardOffer locale={locale} text={rankCardOfferText(t)} />
      <RankCardEditor
        guildId={guildId}
        initial={{
          // A stored image this guild does not have: no option is picked (the plain colour is drawn).
          background: missing ? "" : background.value,
          colors: { background: color(config.rank_card_background_color), accent: color(config.rank_card_accent_color), text: color(config.rank_card_text_color) },
          uploads: uploads.map((upload) => ({ id: upload.id, value: uploadBackground(upload.key), url: uploadUrl(upload.key) })),
          missingUpload: missing,
        }}
        disabled={disabled}
        text={text}
      />
    </CardSection>
  );
}
