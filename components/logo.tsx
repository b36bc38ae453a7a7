import { publicPath } from "@/lib/brand/assets";

/**
 * The Guildhall mark (lib/brand/mark.ts) as the browser caches it from public/icon.svg:
 * drawn inline it cost ~1 KB of every page's HTML and as much again in its payload, more
 * in message previews, which show it as the bot's avatar.
 */
export function Logo({ size = 32 }: { size?: number }) {
  // eslint-disable-next-line @next/next/no-img-element -- a fixed-size SVG: nothing for next/image to optimise
  return <img src={publicPath("icon.svg")} width={size} height={size} alt="" decoding="async" />;
}
