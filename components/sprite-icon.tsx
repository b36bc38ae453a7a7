/**
 * One symbol of the icon sprite file (lib/icons/plugin-icons.ts), by its full URL. Decorative.
 * No focusable="false": only Internet Explorer needed it, and a page draws ~80 of these.
 */
export function SpriteIcon({ href, size }: { href: string; size?: number }) {
  return (
    // Without a size the surrounding CSS sizes it (lists that draw many icons of one size).
    <svg width={size} height={size} aria-hidden="true">
      <use href={href} />
    </svg>
  );
}
