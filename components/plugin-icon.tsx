import { ICON_SPRITE_URL, resolveIcon } from "@/lib/icons/plugin-icons";
import { SpriteIcon } from "./sprite-icon";

/** The URL of a definition's `icon` key in the sprite file; an unknown key gets the generic puzzle piece. */
export function pluginIconHref(name: string): string {
  return `${ICON_SPRITE_URL}#${resolveIcon(name)}`;
}

/** The icon of a plugin definition's `icon` key, drawn on the server. Decorative. */
export function PluginIcon({ name, size = 20 }: { name: string; size?: number }) {
  return <SpriteIcon href={pluginIconHref(name)} size={size} />;
}
