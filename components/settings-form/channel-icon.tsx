import styles from "./combobox.module.css";

// The mark of a voice or stage channel in the channel pickers, named for screen readers (a
// text channel needs none: it reads as #name).

export type ChannelKind = "voice" | "stage";

export function ChannelIcon({ kind, label }: { kind: ChannelKind; label: string }) {
  return (
    <svg className={styles.icon} width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" role="img" aria-label={label}>
      {kind === "voice" ? (
        // A loudspeaker with two sound waves.
        <path d="M11 5 6 9H3v6h3l5 4zM15.5 9a4 4 0 0 1 0 6M18.5 6a8 8 0 0 1 0 12" />
      ) : (
        // A broadcast: a point with waves on both sides.
        <path d="M12 11v.01M8.5 15.5a5 5 0 0 1 0-7M15.5 8.5a5 5 0 0 1 0 7M5.6 18.4a9 9 0 0 1 0-12.8M18.4 5.6a9 9 0 0 1 0 12.8" />
      )}
    </svg>
  );
}
