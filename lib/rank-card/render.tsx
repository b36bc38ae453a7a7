import "server-only";
import type { ReactElement } from "react";
import type { PresetId } from "@/lib/card-drawing/background";
import { isDataUrl, presetImage, toPng } from "@/lib/card-drawing/draw";
import { getNameFonts, nameCoverage, type CardFonts } from "@/lib/card-drawing/fonts";
import { PRESETS } from "@/lib/card-drawing/presets";
import { joinsLetters, runElements, runsText } from "@/lib/card-drawing/runs";
import { drawableName, type DrawableName } from "@/lib/card-drawing/script-text";
import { RANK_CARD_SIZE } from "./settings";

// The rank card: a member's avatar, name, rank, level and progress to the next level, in
// the guild's colours on a drawn or uploaded background. Pure like the welcome card: every
// picture comes in as a data: URL and every font from disk, so it never touches the network.

export const RANK_CARD_WIDTH = RANK_CARD_SIZE.width;
export const RANK_CARD_HEIGHT = RANK_CARD_SIZE.height;

export type RankCardBackground = { preset: PresetId } | { image: string } | null;

export type RankCardColors = { background: string; accent: string; text: string };

/** The card's own words in the guild's language (messages/defaults, `cards`), and which way it reads. */
export type RankCardWords = { rank: string; level: string; dir: "ltr" | "rtl" };

export type RankCard = {
  /** The avatar as a data: URL, or null to draw the name's first letter. */
  avatarUrl: string | null;
  name: string;
  rank: number;
  level: number;
  /** XP earned in this level, and what the level takes (lib/levels/curve.ts). */
  into: number;
  needed: number;
  /** `#rrggbb` each. */
  colors: RankCardColors;
  /** Laid under a shade of the background colour; null for the plain colour. */
  background: RankCardBackground;
  words: RankCardWords;
};

const AVATAR = 196;
const NAME_LEFT = 300;
const NAME_WIDTH = RANK_CARD_WIDTH - NAME_LEFT - 56;
const NAME_MAX = 32;
const NAME_SIZES = { largest: 50, smallest: 26 } as const;
const WORD_MAX = 16;

/** The card as PNG bytes, RANK_CARD_WIDTH × RANK_CARD_HEIGHT. */
export async function renderRankCard(card: RankCard): Promise<Uint8Array> {
  const coverage = await nameCoverage();
  const { name, fontSize } = fitName(card.name, coverage);
  // The words go through the same shaping as names: Arabic in its order, CJK with its fonts.
  const words = { rank: drawableName(card.words.rank, coverage, WORD_MAX), level: drawableName(card.words.level, coverage, WORD_MAX) };
  const fonts = await getNameFonts([name, words.rank, words.level].map((line) => runsText(line.runs)).join(""));
  const image = card.background === null ? null : "preset" in card.background ? await presetImage(PRESETS[card.background.preset]) : isDataUrl(card.background.image) ? card.background.image : null;
  return toPng(rankCardElement(card, { fonts, image, name, fontSize, words }), fonts, { width: RANK_CARD_WIDTH, height: RANK_CARD_HEIGHT });
}

/** The name at the largest size that fits its line, cut shorter when even the smallest does not. */
export function fitName(text: string, coverage: Parameters<typeof drawableName>[1]): { name: DrawableName; fontSize: number } {
  for (let max = NAME_MAX; ; max--) {
    const name = drawableName(text, coverage, max);
    const fontSize = Math.min(NAME_SIZES.largest, Math.floor(NAME_WIDTH / Math.max(name.ems, 1)));
    if (fontSize >= NAME_SIZES.smallest || max <= 2) return { name, fontSize: Math.max(fontSize, NAME_SIZES.smallest) };
  }
}

function rgba(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.replace(/^#/, ""), 16);
  return `rgba(${(value >> 16) & 255},${(value >> 8) & 255},${value & 255},${alpha})`;
}

const count = (value: number) => new Intl.NumberFormat("en-US", value >= 100_000 ? { notation: "compact", maximumFractionDigits: 1 } : {}).format(Math.max(0, Math.trunc(value)));

type Look = { fonts: CardFonts; image: string | null; name: DrawableName; fontSize: number; words: { rank: DrawableName; level: DrawableName } };

export function rankCardElement(card: RankCard, look: Look): ReactElement {
  const { colors } = card;
  const progress = card.needed > 0 ? Math.min(1, Math.max(0, card.into / card.needed)) : 0;
  const barWidth = NAME_WIDTH;
  const fill = progress > 0 ? Math.max(36, Math.round(barWidth * progress)) : 0;
  // Right to left: each word to the right of its figure, the rank on the right.
  const row = card.words.dir === "rtl" ? "row-reverse" : "row";
  const label = (word: DrawableName, color: string) => ({ display: "flex", fontSize: 22, fontWeight: 700, color, ...(!joinsLetters(word.runs) && { letterSpacing: 2 }) }) as const;
  const figure = { fontSize: 44, fontWeight: 700 } as const;

  // satori fails on style keys whose value is undefined: absent keys are left out, never undefined.
  return (
    <div style={{ width: "100%", height: "100%", display: "flex", position: "relative", fontFamily: look.fonts.family, color: colors.text, backgroundColor: colors.background }}>
      {look.image ? (
        // eslint-disable-next-line @next/next/no-img-element -- satori draws <img>, not next/image
        <img src={look.image} width={RANK_CARD_WIDTH} height={RANK_CARD_HEIGHT} alt="" style={{ position: "absolute", top: 0, left: 0, width: RANK_CARD_WIDTH, height: RANK_CARD_HEIGHT, objectFit: "cover" }} />
      ) : null}
      {/* The guild's background colour as a shade over the picture, so the text reads on any of them. */}
      <div style={{ position: "absolute", top: 20, left: 20, right: 20, bottom: 20, display: "flex", borderRadius: 24, backgroundColor: rgba(colors.background, look.image ? 0.78 : 1) }} />
      <div style={{ position: "absolute", top: (RANK_CARD_HEIGHT - AVATAR - 12) / 2, left: 52, display: "flex", width: AVATAR + 12, height: AVATAR + 12, borderRadius: 999, padding: 6, backgroundColor: colors.accent }}>
        {isDataUrl(card.avatarUrl) ? (
          // eslint-disable-next-line @next/next/no-img-element -- satori draws <img>, not next/image
          <img src={card.avatarUrl} width={AVATAR} height={AVATAR} alt="" style={{ width: AVATAR, height: AVATAR, borderRadius: 999, objectFit: "cover" }} />
        ) : (
          <div style={{ width: AVATAR, height: AVATAR, borderRadius: 999, display: "flex", alignItems: "center", justifyContent: "center", backgroundColor: rgba(colors.background, 1), fontSize: 96, fontWeight: 700 }}>
            {look.name.initial ? runElements([look.name.initial], 96) : "?"}
          </div>
        )}
      </div>
      <div style={{ position: "absolute", top: 44, left: NAME_LEFT, width: NAME_WIDTH, display: "flex", flexDirection: row, justifyContent: row === "row" ? "flex-end" : "flex-start", alignItems: "baseline", gap: 28 }}>
        <div style={{ display: "flex", flexDirection: row, alignItems: "baseline", gap: 10 }}>
          <span style={label(look.words.rank, rgba(colors.text, 0.7))}>{runElements(look.words.rank.runs, 22)}</span>
          <span style={figure}>{`#${count(card.rank)}`}</span>
        </div>
        <div style={{ display: "flex", flexDirection: row, alignItems: "baseline", gap: 10, color: colors.accent }}>
          <span style={label(look.words.level, colors.accent)}>{runElements(look.words.level.runs, 22)}</span>
          <span style={figure}>{count(card.level)}</span>
        </div>
      </div>
      <div style={{ position: "absolute", top: 118, left: NAME_LEFT, width: NAME_WIDTH, height: 64, display: "flex", alignItems: "center", overflow: "hidden", fontSize: look.fontSize, fontWeight: 700, whiteSpace: "nowrap" }}>
        {look.name.runs.length > 0 ? runElements(look.name.runs, Math.round(look.fontSize * 0.95)) : "?"}
      </div>
      <div style={{ position: "absolute", top: 192, left: NAME_LEFT, width: barWidth, height: 36, display: "flex", borderRadius: 18, backgroundColor: rgba(colors.text, 0.18) }}>
        {fill > 0 ? <div style={{ width: fill, height: 36, borderRadius: 18, backgroundColor: colors.accent }} /> : null}
      </div>
      <div style={{ position: "absolute", top: 234, left: NAME_LEFT, width: NAME_WIDTH, display: "flex", justifyContent: "flex-end", fontSize: 24, color: rgba(colors.text, 0.85) }}>
        {`${count(card.into)} / ${count(card.needed)} XP`}
      </div>
    </div>
  );
}
