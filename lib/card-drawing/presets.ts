import type { PresetId } from "./background";

// The drawn backgrounds: layered CSS gradients, read the same way by the card renderer
// (satori) and by the browser for the picker's thumbnails, so a thumbnail is the card's
// background in small. Lengths in px are for the full card (CARD_WIDTH × CARD_HEIGHT);
// thumbnails draw a full-size box and scale it down. No images, nothing fetched.

export const CARD_WIDTH = 1024;
export const CARD_HEIGHT = 450;

export type Preset = {
  id: PresetId;
  /** Base colour under the layers. */
  color: string;
  /** CSS background-image: comma-separated gradient layers, topmost first. */
  image: string;
  /** Ring around the avatar and the member-count pill's tint. */
  accent: string;
};

const glow = (x: string, y: string, color: string, size: string) => `radial-gradient(circle at ${x} ${y}, ${color} 0%, rgba(0,0,0,0) ${size})`;

export const PRESETS: Record<PresetId, Preset> = {
  aurora: {
    id: "aurora",
    color: "#061423",
    image: [
      glow("18%", "22%", "rgba(52,211,153,0.75)", "42%"),
      glow("82%", "18%", "rgba(167,139,250,0.8)", "45%"),
      glow("55%", "115%", "rgba(34,211,238,0.6)", "55%"),
      "linear-gradient(160deg, #0b1f33 0%, #061423 60%, #040b14 100%)",
    ].join(", "),
    accent: "#7ee8f5",
  },
  sunset: {
    id: "sunset",
    color: "#2b1055",
    image: [
      "radial-gradient(circle at 80% 88%, rgba(255,220,130,1) 0%, rgba(255,200,110,1) 14%, rgba(255,170,90,0.35) 15%, rgba(255,140,90,0) 34%)",
      "linear-gradient(0deg, rgba(43,16,85,0.55) 0%, rgba(43,16,85,0) 30%)",
      "linear-gradient(170deg, #2b1055 0%, #6b2a8c 32%, #d9486f 66%, #f59e4c 100%)",
    ].join(", "),
    accent: "#ffd580",
  },
  ocean: {
    id: "ocean",
    color: "#03203a",
    image: [
      "repeating-linear-gradient(172deg, rgba(255,255,255,0) 0px, rgba(255,255,255,0) 38px, rgba(255,255,255,0.05) 38px, rgba(255,255,255,0.05) 44px)",
      glow("25%", "0%", "rgba(125,211,252,0.55)", "55%"),
      "linear-gradient(180deg, #0a4d75 0%, #063a5c 45%, #03203a 100%)",
    ].join(", "),
    accent: "#7dd3fc",
  },
  forest: {
    id: "forest",
    color: "#0b2618",
    image: [
      glow("85%", "15%", "rgba(190,242,100,0.45)", "40%"),
      "repeating-linear-gradient(115deg, rgba(0,0,0,0) 0px, rgba(0,0,0,0) 60px, rgba(0,0,0,0.12) 60px, rgba(0,0,0,0.12) 120px)",
      "linear-gradient(135deg, #0b2618 0%, #14532d 55%, #3f7d20 100%)",
    ].join(", "),
    accent: "#bef264",
  },
  midnight: {
    id: "midnight",
    color: "#070818",
    image: [
      "radial-gradient(circle at 12% 20%, rgba(255,255,255,0.9) 0px, rgba(255,255,255,0) 3px)",
      "radial-gradient(circle at 30% 75%, rgba(255,255,255,0.8) 0px, rgba(255,255,255,0) 2px)",
      "radial-gradient(circle at 72% 12%, rgba(255,255,255,0.85) 0px, rgba(255,255,255,0) 3px)",
      "radial-gradient(circle at 90% 60%, rgba(255,255,255,0.8) 0px, rgba(255,255,255,0) 2px)",
      "radial-gradient(circle at 55% 30%, rgba(255,255,255,0.7) 0px, rgba(255,255,255,0) 2px)",
      "radial-gradient(circle at 8% 85%, rgba(255,255,255,0.7) 0px, rgba(255,255,255,0) 2px)",
      glow("80%", "100%", "rgba(79,124,255,0.55)", "55%"),
      glow("10%", "0%", "rgba(192,38,211,0.35)", "45%"),
      "linear-gradient(180deg, #0b0d2a 0%, #070818 100%)",
    ].join(", "),
    accent: "#a5b4fc",
  },
  candy: {
    id: "candy",
    color: "#f472b6",
    image: [
      glow("50%", "50%", "rgba(255,255,255,0.35)", "50%"),
      "repeating-linear-gradient(135deg, rgba(255,255,255,0.14) 0px, rgba(255,255,255,0.14) 36px, rgba(255,255,255,0) 36px, rgba(255,255,255,0) 72px)",
      "linear-gradient(120deg, #f472b6 0%, #c084fc 50%, #60a5fa 100%)",
    ].join(", "),
    accent: "#ffffff",
  },
};
