import { clock, type MusicPlayerText } from "./text";
import styles from "./music-player.module.css";

/** A track's length; for one whose host does not tell it, a dash that says so to screen readers. */
export function TrackLength({ ms, text }: { ms: number | null; text: Pick<MusicPlayerText, "unknownLength"> }) {
  if (ms !== null) return <span className={styles.duration}>{clock(ms)}</span>;
  return (
    <span className={styles.duration} title={text.unknownLength}>
      <span aria-hidden="true">–:––</span>
      <span className="visually-hidden">{text.unknownLength}</span>
    </span>
  );
}
