import { Logo } from "@/components/logo";
import styles from "./message-editor.module.css";

type Props = { caption: string; testId?: string; busy?: boolean; children?: React.ReactNode };

/** The chat-style frame of a message preview: the bot's avatar and name, the message under them. */
export function PreviewFrame({ caption, testId, busy, children }: Props) {
  return (
    <figure className={styles.preview} data-testid={testId} aria-busy={busy || undefined}>
      <figcaption className={styles.previewTitle}>{caption}</figcaption>
      <div className={styles.chat}>
        <span className={styles.avatar}>
          <Logo size={40} />
        </span>
        <div className={styles.body}>
          <p className={styles.author}>
            <span className={styles.botName}>Guildhall</span>
            <span className={styles.botTag}>BOT</span>
          </p>
          {children}
        </div>
      </div>
    </figure>
  );
}
