/** One symbol of the icon sprite file (lib/icons/plugin-icons.ts), by its full URL. Decorative. */
export function SpriteIcon({ href, size }: { href: string; size: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={href} />
    </svg>
  );
}
