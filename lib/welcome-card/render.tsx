import "server-only";
import type { ReactElement } from "react";
import { DEFAULT_PRESET, type PresetId } from "@/lib/card-drawing/background";
import { isDataUrl, presetImage, toPng } from "@/lib/card-drawing/draw";
import { getCardFonts, type CardFonts } from "@/lib/card-drawing/fonts";
import { CARD_HEIGHT, CARD_WIDTH, PRESETS } from "@/lib/card-drawing/presets";
import { clip, drawableText } from "@/lib/card-drawing/text";

// The welcome card: the member's avatar, name, a title, a subtitle and the member count
// on a drawn or uploaded background. One function for the dashboard's preview and for
// the bot when a member joins. Pure: everything it draws comes in as arguments (images
// as data: URLs), so it never touches the network.

export type WelcomeCardBackground = { preset: PresetId } | { image: string };

export type WelcomeCard = {
  /** The avatar as a data: URL (assets.ts makes one from the platform CDN), or null to draw the initial. */
  avatarUrl: string | null;
  /** The member's display name. */
  name: string;
  /** Title and subtitle as shown (templates already rendered, mentions as names). */
  title: string;
  subtitle: string;
  memberCount: number;
  background: WelcomeCardBackground;
};

export { CARD_HEIGHT, CARD_WIDTH };

const NAME_MAX = 32;
const AVATAR = 168;

/** The card as PNG bytes, CARD_WIDTH × CARD_HEIGHT. */
export async function renderWelcomeCard(card: WelcomeCard): Promise<Uint8Array> {
  const fonts = await getCardFonts();
  const preset = "preset" in card.background ? (PRESETS[card.background.preset] ?? PRESETS[DEFAULT_PRESET]) : null;
  const image = preset ? await presetImage(preset) : "image" in card.background && isDataUrl(card.background.image) ? card.background.image : null;
  return toPng(welcomeCardElement(card, { fonts, image, accent: preset?.accent ?? "#ffffff" }), fonts, { width: CARD_WIDTH, height: CARD_HEIGHT });
}

export type Look = { fonts: CardFonts; /** The background as a data: URL (null: a plain dark card). */ image: string | null; accent: string };

export function welcomeCardElement(card: WelcomeCard, look: Look): ReactElement {
  const { fonts, image, accent } = look;
  const text = (value: string) => drawableText(value, fonts.coverage);
  const name = text(clip(card.name, NAME_MAX));
  const title = text(card.title);
  const subtitle = text(card.subtitle);
  const initial = (Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(name), (part) => part.segment)[0] ?? "?").toLocaleUpperCase();
  const count = text(Math.max(0, Math.trunc(card.memberCount)).toLocaleString("en-US"));
  const line = { display: "flex", maxWidth: 860, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" } as const;

  // satori fails on style keys whose value is undefined: absent keys are left out, never undefined.
  return (
    <div style={{ width: "100%", height: "100%", display: "flex", position: "relative", fontFamily: fonts.family, color: "#ffffff", backgroundColor: "#11141b" }}>
      {image ? (
        // eslint-disable-next-line @next/next/no-img-element -- satori draws <img>, not next/image
        <img src={image} width={CARD_WIDTH} height={CARD_HEIGHT} alt="" style={{ position: "absolute", top: 0, left: 0, width: CARD_WIDTH, height: CARD_HEIGHT, objectFit: "cover" }} />
      ) : null}
      {/* A soft shade under the text, so it reads on any background. */}
      <div style={{ position: "absolute", top: 28, left: 28, right: 28, bottom: 28, display: "flex", borderRadius: 28, backgroundColor: "rgba(8,10,16,0.4)", border: "1px solid rgba(255,255,255,0.14)" }} />
      <div style={{ position: "absolute", top: 48, right: 52, display: "flex", alignItems: "center", gap: 10, padding: "8px 18px 8px 14px", borderRadius: 999, backgroundColor: "rgba(0,0,0,0.35)", fontSize: 24, fontWeight: 700 }}>
        <PeopleIcon color={accent} />
        <span>{count}</span>
      </div>
      <div style={{ position: "absolute", top: 0, left: 0, width: CARD_WIDTH, height: CARD_HEIGHT, display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", padding: "40px 80px" }}>
        <div style={{ display: "flex", width: AVATAR + 12, height: AVATAR + 12, borderRadius: 999, padding: 6, backgroundColor: accent }}>
          {isDataUrl(card.avatarUrl) ? (
            // eslint-disable-next-line @next/next/no-img-element -- satori draws <img>, not next/image
            <img src={card.avatarUrl} width={AVATAR} height={AVATAR} alt="" style={{ width: AVATAR, height: AVATAR, borderRadius: 999, objectFit: "cover" }} />
          ) : (
            <div style={{ width: AVATAR, height: AVATAR, borderRadius: 999, display: "flex", alignItems: "center", justifyContent: "center", backgroundColor: "#2a3040", fontSize: 84, fontWeight: 700 }}>
              {initial}
            </div>
          )}
        </div>
        {title ? <div style={{ ...line, marginTop: 22, fontSize: 26, letterSpacing: 3, color: "rgba(255,255,255,0.85)", textTransform: "uppercase" }}>{title}</div> : null}
        <div style={{ ...line, marginTop: title ? 6 : 22, fontSize: 56, fontWeight: 700 }}>{name || "?"}</div>
        {subtitle ? <div style={{ ...line, marginTop: 8, fontSize: 28, color: "rgba(255,255,255,0.9)" }}>{subtitle}</div> : null}
      </div>
    </div>
  );
}

/** Two heads and shoulders: the member-count pill's icon. */
function PeopleIcon({ color }: { color: string }) {
  const person = (size: number, opacity: number) => (
    <div style={{ display: "flex", flexDirection: "column", alignItems: "center", opacity }}>
      <div style={{ width: size * 0.5, height: size * 0.5, borderRadius: 999, backgroundColor: color }} />
      <div style={{ width: size * 0.9, height: size * 0.4, marginTop: 2, borderRadius: `${size}px ${size}px 4px 4px`, backgroundColor: color }} />
    </div>
  );
  return (
    <div style={{ display: "flex", alignItems: "flex-end" }}>
      {person(22, 0.6)}
      <div style={{ display: "flex", marginLeft: -8 }}>{person(26, 1)}</div>
    </div>
  );
}
