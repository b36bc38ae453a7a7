"use client";

import { useEffect, useRef, useState } from "react";
import { aspectOf } from "@/components/card-editor/card-size";
import card from "@/components/card-editor/card-editor.module.css";
import { RANK_CARD_HASH } from "@/lib/billing/purchase-return";
import type { Locale } from "@/lib/i18n/locales";
import { RANK_CARD_SIZE } from "@/lib/rank-card/settings";
import { PurchaseResult, type PurchaseResultText } from "./purchase-result";
import { RankCardOffer, type RankCardOfferText } from "./rank-card-offer";
import { rankCardUrl } from "./rank-card-url";
import { ServerPicker, type ServerPickerText } from "./server-picker";
import { usePurchaseReturn } from "./use-purchase-return";
import styles from "./rank-card-dialog.module.css";

export type RankCardDialogText = {
  title: string;
  alt: string;
  loading: string;
  failed: string;
  download: string;
  close: string;
  offer: RankCardOfferText;
  result: PurchaseResultText;
  servers: ServerPickerText;
};

type Props = {
  /** The guild whose card is shown; none outside a guild's pages, where the user picks one of theirs. */
  guildId?: string;
  locale: Locale;
  text: RankCardDialogText;
  onClosed: () => void;
};

/**
 * The #rank-card dialog's content: the outcome of a purchase the user came back from, the
 * signed-in user's own card, and the custom rank card's offer. The browser's modal <dialog> keeps
 * focus inside and closes on Escape.
 */
export function RankCardDialogBody({ guildId, locale, text, onClosed }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [guild, setGuild] = useState<string | null>(guildId ?? null);
  const [drawn, setDrawn] = useState<{ url: string; state: "ready" | "failed" } | null>(null);
  const purchase = usePurchaseReturn();

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);

  function closed() {
    onClosed();
    // Without the hash, the same link opens the dialog again; no history entry for closing it.
    if (window.location.hash === RANK_CARD_HASH) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }

  // Drawn once a purchase the user came back from is settled, so a card just bought shows unlocked.
  const url = guild && purchase.result !== "checking" ? rankCardUrl(guild) : null;
  const image = url && drawn?.url === url ? drawn.state : "loading";

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="rank-card-dialog-title" onClose={closed} data-testid="rank-card-dialog">
      <div className={styles.dialogHeader}>
        <h2 id="rank-card-dialog-title">{text.title}</h2>
      </div>
      {purchase.result ? <PurchaseResult result={purchase.result} checkAgain={purchase.checkAgain} text={text.result} /> : null}
      {guildId ? null : <ServerPicker locale={locale} picked={guild} onPick={setGuild} text={text.servers} />}
      {guild ? (
        <div className={card.previewFrame} style={{ aspectRatio: aspectOf(RANK_CARD_SIZE) }} aria-busy={image === "loading"}>
          {url ? (
            // eslint-disable-next-line @next/next/no-img-element -- a PNG drawn by our API for this user
            <img key={url} src={url} alt={text.alt} width={RANK_CARD_SIZE.width} height={RANK_CARD_SIZE.height} className={card.previewImage} onLoad={() => setDrawn({ url, state: "ready" })} onError={() => setDrawn({ url, state: "failed" })} hidden={image === "failed"} />
          ) : null}
          {image === "loading" ? (
            <span className={card.previewBusy} role="status">
              {text.loading}
            </span>
          ) : null}
        </div>
      ) : null}
      {image === "failed" ? (
        <p className={card.error} role="alert">
          {text.failed}
        </p>
      ) : null}
      <RankCardOffer locale={locale} text={text.offer} />
      <form method="dialog" className={styles.dialogActions}>
        {url && image === "ready" ? (
          <a className="button button-secondary" href={url} download="rank-card.png">
            {text.download}
          </a>
        ) : null}
        <button className="button button-primary" autoFocus>
          {text.close}
        </button>
      </form>
    </dialog>
  );
}
