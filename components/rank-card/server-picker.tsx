"use client";

import Link from "next/link";
import { useEffect, useId } from "react";
import useSWR from "swr";
import { Spinner } from "@/components/spinner";
import { apiFetch } from "@/lib/http/client-fetch";
import type { Locale } from "@/lib/i18n/locales";
import styles from "./rank-card-dialog.module.css";

export type ServerPickerText = { server: string; loadingServers: string; noServers: string; openServers: string };

type ManagedGuild = { id: string; name: string; bot_present: boolean };

/**
 * Outside a server's pages (the landing page) a rank card is still a server's: the servers the
 * user manages with the bot in them, the first one picked. Tells the dialog which one is shown.
 */
export function ServerPicker({ locale, picked, onPick, text }: { locale: Locale; picked: string | null; onPick: (guildId: string) => void; text: ServerPickerText }) {
  const id = useId();
  const { data } = useSWR("/users/@me/managed-guilds", (path: string) => apiFetch<ManagedGuild[]>(path, { silent: true }), { revalidateOnFocus: false });
  const guilds = data?.filter((guild) => guild.bot_present);
  const first = guilds?.[0]?.id;

  useEffect(() => {
    if (picked === null && first) onPick(first);
  }, [picked, first, onPick]);

  if (!guilds) return <Spinner label={text.loadingServers} showLabel />;
  if (guilds.length === 0) {
    return (
      <div className={styles.picker}>
        <p>{text.noServers}</p>
        <Link className="button button-secondary button-small" href={`/${locale}/dashboard`}>
          {text.openServers}
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{text.server}</label>
      <select id={id} className="input" value={picked ?? ""} onChange={(event) => onPick(event.target.value)} data-testid="rank-card-server">
        {guilds.map((guild) => (
          <option key={guild.id} value={guild.id}>
            {guild.name}
          </option>
        ))}
      </select>
    </div>
  );
}
