"use client";

import { useEffect, useRef, useState } from "react";
import { aspectOf } from "@/components/card-editor/card-size";
import card from "@/components/card-editor/card-editor.module.css";
import { RANK_CARD_SIZE } from "@/lib/rank-card/settings";
import { rankCardUrl } from "./rank-card-url";
import styles from "./rank-card-dialog.module.css";

export type RankCardDialogText = { title: string; alt: string; loading: string; failed: string; download: string; close: string };

const HASH = "#rank-card";

/**
 * `#rank-card` in the address (spec 2) opens the signed-in user's own rank card for this
 * guild in a modal dialog: the browser's modal <dialog> keeps focus inside and closes on
 * Escape. The page itself stays the same for every viewer (it is cached): the card is
 * fetched here, only once the dialog opens, and the dialog itself is drawn only then (every
 * guild page carries this island; its markup would be paid on each of them).
 */
export function RankCardDialog({ guildId, text }: { guildId: string; text: RankCardDialogText }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState<"loading" | "ready" | "failed">("loading");
  const url = rankCardUrl(guildId);

  useEffect(() => {
    const follow = () => {
      if (window.location.hash !== HASH) return;
      setImage("loading");
      setOpen(true);
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  function closed() {
    setOpen(false);
    // Without the hash, the same link opens the dialog again; no history entry for closing it.
    if (window.location.hash === HASH) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }

  if (!open) return null;
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="rank-card-dialog-title" onClose={closed} data-testid="rank-card-dialog">
      <div className={styles.dialogHeader}>
        <h2 id="rank-card-dialog-title">{text.title}</h2>
      </div>
      <div className={card.previewFrame} style={{ aspectRatio: aspectOf(RANK_CARD_SIZE) }} aria-busy={image === "loading"}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a PNG drawn by our API for this user */}
        <img src={url} alt={text.alt} width={RANK_CARD_SIZE.width} height={RANK_CARD_SIZE.height} className={card.previewImage} onLoad={() => setImage("ready")} onError={() => setImage("failed")} hidden={image === "failed"} />
        {image === "loading" ? (
          <span className={card.previewBusy} role="status">
            {text.loading}
          </span>
        ) : null}
      </div>
      {image === "failed" ? (
        <p className={card.error} role="alert">
          {text.failed}
        </p>
      ) : null}
      <form method="dialog" className={styles.dialogActions}>
        {image === "ready" ? (
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
