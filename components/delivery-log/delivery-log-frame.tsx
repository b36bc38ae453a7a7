import styles from "./delivery-log.module.css";

export type DeliveryLogText = {
  title: string;
  intro: string;
  loading: string;
  failed: string;
  retry: string;
  item: string;
  wholePlugin: string;
  lastChecked: string;
  lastPosted: string;
  nextRun: string;
  status: string;
  never: string;
  ok: string;
  paused: string;
  openMessage: string;
  providerWaiting: string;
  soon: string;
  errors: Record<string, string>;
  parts: Record<string, string>;
};

/** The log's card: its title and intro, what it lists under them. */
export function DeliveryLogFrame({ pluginId, text, busy, children }: { pluginId: string; text: DeliveryLogText; busy: boolean; children: React.ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={`delivery-log-${pluginId}`} aria-busy={busy} data-testid="delivery-log">
      <h2 id={`delivery-log-${pluginId}`}>{text.title}</h2>
      <p className={styles.intro}>{text.intro}</p>
      {children}
    </section>
  );
}
