import { MARK, MARK_GRID } from "@/lib/brand/mark";

/** The Guildhall mark: a hall gable over a chat bubble (lib/brand/mark.ts, also drawn into public/). */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox={`0 0 ${MARK_GRID} ${MARK_GRID}`} aria-hidden="true" focusable="false">
      <rect width={MARK_GRID} height={MARK_GRID} rx={MARK.radius} fill={MARK.tile} />
      <path d={MARK.gablePath} fill={MARK.gable} />
      <path d={MARK.bubblePath} fill={MARK.bubble} />
    </svg>
  );
}
