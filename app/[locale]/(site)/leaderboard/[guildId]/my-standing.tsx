"use client";

import { useEffect, useMemo, useState } from "react";
import { apiFetch, readCookie } from "@/lib/http/client-fetch";
import type { Standing } from "@/lib/levels/standings";
import { userAvatarUrl } from "@/lib/platform/cdn";
import { SIGNED_IN_COOKIE } from "@/lib/session/signed-in-hint";
import { StandingRow, type RowText } from "./standing-row";
import styles from "./leaderboard.module.css";

type Props = { guildId: string; cdnBase: string; showAvatars: boolean; languageTag: string; label: string; text: RowText };

/**
 * The signed-in viewer's own row, pinned above the list. Fetched in the browser so the page
 * stays the same bytes for everyone; a visitor who is not signed in (no signed-in hint: nothing
 * is asked, so no 401) or has no XP sees nothing.
 */
export function MyStanding({ guildId, cdnBase, showAvatars, languageTag, label, text }: Props) {
  const [standing, setStanding] = useState<Standing | null>(null);
  const numberFormat = useMemo(() => new Intl.NumberFormat(languageTag), [languageTag]);

  useEffect(() => {
    if (!readCookie(SIGNED_IN_COOKIE)) return;
    const controller = new AbortController();
    apiFetch<{ standing: Standing | null }>(`/plugins/levels/guilds/${guildId}/leaderboard/me`, { signal: controller.signal, silent: true })
      .then((answer) => setStanding(answer.standing))
      .catch(() => setStanding(null));
    return () => controller.abort();
  }, [guildId]);

  if (!standing) return null;
  return (
    <section aria-label={label} data-testid="leaderboard-pinned">
      <p className={styles.pinnedLabel}>{label}</p>
      <StandingRow standing={standing} avatarUrl={showAvatars ? userAvatarUrl(cdnBase, { id: standing.userId, avatar: standing.avatar }, 64) : null} text={text} numberFormat={numberFormat} pinned />
    </section>
  );
}
