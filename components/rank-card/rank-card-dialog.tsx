"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { RANK_CARD_HASH } from "@/lib/billing/purchase-return";
import { readCookie } from "@/lib/http/client-fetch";
import type { Locale } from "@/lib/i18n/locales";
import { SIGNED_IN_COOKIE } from "@/lib/session/signed-in-hint";
import type { RankCardDialogText } from "./rank-card-dialog-body";

// Its own chunk, loaded when the dialog opens: every guild page (and the landing page) carries
// this island. React's lazy, not next/dynamic: nothing of it is drawn on the server, and the
// landing page's budget has no room for next/dynamic's loader.
const RankCardDialogBody = lazy(() => import("./rank-card-dialog-body").then((module) => ({ default: module.RankCardDialogBody })));

export type { RankCardDialogText };

/**
 * `#rank-card` in the address (spec 2) opens the signed-in user's own rank card in a modal
 * dialog. The page itself stays the same for every viewer (it is cached): the card and the
 * purchase state are fetched, and the dialog drawn, only once it opens. On a guild's pages the
 * card is that guild's; elsewhere (the landing page) only a signed-in visitor has one, which the
 * signed-in hint tells without asking the server.
 */
export function RankCardDialog({ guildId, locale, text }: { guildId?: string; locale: Locale; text: RankCardDialogText }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const follow = () => {
      if (window.location.hash !== RANK_CARD_HASH) return;
      if (!guildId && !readCookie(SIGNED_IN_COOKIE)) return;
      setOpen(true);
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [guildId]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <RankCardDialogBody guildId={guildId} locale={locale} text={text} onClosed={() => setOpen(false)} />
    </Suspense>
  );
}
