import "server-only";
import type { ReactElement } from "react";
import { DEFAULT_PRESET, type PresetId } from "@/lib/card-drawing/background";
import type { Coverage } from "@/lib/card-drawing/cmap";
import { isDataUrl, presetImage, toPng } from "@/lib/card-drawing/draw";
import { getNameFonts, nameCoverage, type CardFonts } from "@/lib/card-drawing/fonts";
import { CARD_HEIGHT, CARD_WIDTH, PRESETS } from "@/lib/card-drawing/presets";
import { joinsLetters, runElements, runsText } from "@/lib/card-drawing/runs";
import { fittedLine, type DrawableName } from "@/lib/card-drawing/script-text";

// The welcome card: the member's avatar, name, a title, a subtitle and the member count
// on a drawn or uploaded background. One function for the dashboard's preview and for
// the bot when a member joins. Pure: everything it draws comes in as arguments (images
// as data: URLs), so it never touches the network. Its texts are drawn like the rank card's
// names (script-text.ts): any script the card fonts have, right-to-left in order, emoji as pictures.

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

const AVATAR = 168;
const NAME_MAX = 32;
const TEXT_MAX = 128;
const LINE_WIDTH = 860;
const SIZES = { title: 26, name: 56, subtitle: 28 } as const;
const TITLE_SPACING = 3;

/** The card's three lines as drawn: the title in capitals, each cut with an ellipsis to fit its line. */
export type WelcomeLines = { title: DrawableName; name: DrawableName; subtitle: DrawableName };

export function welcomeCardLines(card: Pick<WelcomeCard, "title" | "name" | "subtitle">, coverage: readonly Coverage[]): WelcomeLines {
  return {
    title: fittedLine(card.title.toUpperCase(), coverage, { max: TEXT_MAX, fontSize: SIZES.title, width: LINE_WIDTH, spacing: TITLE_SPACING }),
    name: fittedLine(card.name, coverage, { max: NAME_MAX, fontSize: SIZES.name, width: LINE_WIDTH }),
    subtitle: fittedLine(card.subtitle, coverage, { max: TEXT_MAX, fontSize: SIZES.subtitle, width: LINE_WIDTH }),
  };
}

/** The card as PNG bytes, CARD_WIDTH × CARD_HEIGHT. */
export async function renderWelcomeCard(card: WelcomeCard): Promise<Uint8Array> {
  const lines = welcomeCardLines(card, await nameCoverage());
  const fonts = await getNameFonts([lines.title, lines.name, lines.subtitle].map((line) => runsText(line.runs)).join(""));
  const preset = "preset" in card.background ? (PRESETS[card.background.preset] ?? PRESETS[DEFAULT_PRESET]) : null;
  const image = preset ? await presetImage(preset) : "image" in card.background && isDataUrl(card.background.image) ? card.background.image : null;
  return toPng(welcomeCardElement(card, { fonts, image, accent: preset?.accent ?? "#ffffff", lines }), fonts, { width: CARD_WIDTH, height: CARD_HEIGHT });
}

export type Look = { fonts: CardFonts; /** The background as a data: URL (null: a plain dark card). */ image: string | null; accent: string; lines: WelcomeLines };

export function welcomeCardElement(card: WelcomeCard, look: Look): ReactElement {
  const { fonts, image, accent, lines } = look;
  const { title, name, subtitle } = lines;
  const count = Math.max(0, Math.trunc(card.memberCount)).toLocaleString("en-US");
  const line = { display: "flex", alignItems: "center", maxWidth: LINE_WIDTH, whiteSpace: "nowrap", overflow: "hidden" } as const;

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
              {name.initial ? runElements([name.initial], 84) : "?"}
            </div>
          )}
        </div>
        {title.runs.length > 0 ? (
          <div style={{ ...line, marginTop: 22, fontSize: SIZES.title, color: "rgba(255,255,255,0.85)", ...(!joinsLetters(title.runs) && { letterSpacing: TITLE_SPACING }) }}>
            {runElements(title.runs, SIZES.title)}
          </div>
        ) : null}
        <div style={{ ...line, marginTop: title.runs.length > 0 ? 6 : 22, fontSize: SIZES.name, fontWeight: 700 }}>{name.runs.length > 0 ? runElements(name.runs, Math.round(SIZES.name * 0.95)) : "?"}</div>
        {subtitle.runs.length > 0 ? <div style={{ ...line, marginTop: 8, fontSize: SIZES.subtitle, color: "rgba(255,255,255,0.9)" }}>{runElements(subtitle.runs, SIZES.subtitle)}</div> : null}
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
