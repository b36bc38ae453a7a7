"use client";

import type { ReactNode } from "react";
import { aspectOf, type CardSize } from "./card-size";
import { useCardPreview } from "./use-card-preview";
import styles from "./card-editor.module.css";

export type CardPreviewText = { previewAlt: string; previewBusy: string; previewFailed: string };

type Props = { url: string; size: CardSize; text: CardPreviewText; caption: ReactNode; testId: string };

/** The live preview of a card: the picture for `url` once it has loaded, with progress while it loads and an alert when it cannot be drawn. */
export function CardPreview({ url, size, text, caption, testId }: Props) {
  const { shown, state } = useCardPreview(url);
  return (
    <figure className={styles.preview} aria-busy={state === "loading"}>
      <div className={styles.previewFrame} style={{ aspectRatio: aspectOf(size) }}>
        {/* Lazy: the card sits below the settings, and an eager image is preloaded from the head (a drawing the server renders). */}
        {/* eslint-disable-next-line @next/next/no-img-element -- a PNG drawn by our API per request; nothing for next/image to optimise */}
        <img src={shown} alt={text.previewAlt} width={size.width} height={size.height} loading="lazy" className={styles.previewImage} data-testid={testId} />
        {state === "loading" ? (
          <span className={styles.previewBusy} role="status">
            {text.previewBusy}
          </span>
        ) : null}
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
      {state === "failed" ? (
        <p className={styles.error} role="alert">
          {text.previewFailed}
        </p>
      ) : null}
    </figure>
  );
}
