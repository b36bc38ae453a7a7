import type { ReactNode } from "react";
import styles from "./card-section.module.css";

type Props = { id: string; title: string; description: string; children: ReactNode };

/** The frame of a card's section on its plugin page: a heading (`${id}-heading`) and description above the editor. */
export function CardSection({ id, title, description, children }: Props) {
  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`} data-testid={`${id}-section`}>
      <div className={styles.header}>
        <h2 id={`${id}-heading`}>{title}</h2>
        <p>{description}</p>
      </div>
      {children}
    </section>
  );
}
