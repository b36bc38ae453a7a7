/** The Guildhall mark: a hall gable over a chat bubble, in the brand cyan. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#4f7cff" />
      <path d="M6 14 16 7l10 7v1.5H6Z" fill="#7ee8f5" />
      <path d="M8.5 17h15a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-1.5 1.5H14l-4 3v-3H8.5A1.5 1.5 0 0 1 7 23.5v-5A1.5 1.5 0 0 1 8.5 17Z" fill="#fff" />
    </svg>
  );
}
