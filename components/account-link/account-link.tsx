"use client";

import { useState } from "react";
import { POPUP_SIZE } from "@/lib/auth/popup";
import { useAuthPopup } from "@/lib/auth/use-auth-popup";
import { PLUGIN_OAUTH_MESSAGE_TYPE, type LinkedAccount, type LinkProvider, type LinkStatus, type PluginOAuthMessage } from "@/lib/account-links/providers";
import { apiFetch, TransportError } from "@/lib/http/client-fetch";
import styles from "./account-link.module.css";

/** Strings worded by the server with the provider's name; `linkedAs` keeps `{name}` for the account's. */
export type AccountLinkText = { link: string; linking: string; linkedAs: string; unlink: string; unlinking: string; notLinked: string; failed: string };

type Props = { guildId: string; provider: LinkProvider; initial: LinkStatus; text: AccountLinkText; disabled?: boolean };

/**
 * "Link your Twitch account": asks the server for the provider's consent page, opens it in a
 * 500×777 popup (full page when popups are blocked) and shows the account the return page
 * posts back, from this origin only. Unlink removes it.
 */
export function AccountLink({ guildId, provider, initial, text, disabled = false }: Props) {
  const [account, setAccount] = useState<LinkedAccount | null>(initial.linked ? initial.account : null);
  const [busy, setBusy] = useState<"link" | "unlink" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = `/plugins/${provider}/oauth/${guildId}`;
  const popup = useAuthPopup<PluginOAuthMessage>({
    name: `link-${provider}`,
    size: POPUP_SIZE.social,
    messageType: PLUGIN_OAUTH_MESSAGE_TYPE,
    onMessage(message) {
      if (message.provider !== provider || message.guildId !== guildId) return;
      setAccount(message.account);
      setError(null);
      popup.stop();
    },
  });

  async function run(kind: "link" | "unlink", action: () => Promise<void>) {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof TransportError && failure.message ? failure.message : text.failed);
    } finally {
      setBusy(null);
    }
  }

  const link = () =>
    run("link", async () => {
      const { url } = await apiFetch<{ url: string }>(base, { method: "POST", silent: true });
      popup.open(url);
    });
  const unlink = () =>
    run("unlink", async () => {
      await apiFetch(base, { method: "DELETE", silent: true });
      setAccount(null);
    });

  const waiting = busy === "link" || popup.waiting;
  return (
    <div className={styles.account}>
      {account ? (
        <>
          <Avatar account={account} />
          <div className={styles.who}>
            <strong>{text.linkedAs.replace("{name}", account.display_name)}</strong>
            <span>@{account.name}</span>
          </div>
          <button type="button" className="button" onClick={unlink} disabled={disabled || busy !== null} aria-busy={busy === "unlink"}>
            {busy === "unlink" ? text.unlinking : text.unlink}
          </button>
        </>
      ) : (
        <>
          <p className={styles.who}>{text.notLinked}</p>
          <button type="button" className="button button-primary" onClick={link} disabled={disabled || busy !== null} aria-busy={waiting}>
            {waiting ? text.linking : text.link}
          </button>
        </>
      )}
      <p role="status" aria-live="polite" className="visually-hidden">
        {account ? text.linkedAs.replace("{name}", account.display_name) : ""}
      </p>
      {error ? (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Pages load images from this origin and the platform's CDN only: other avatars become the name's initial. */
function Avatar({ account }: { account: LinkedAccount }) {
  const url = account.avatar_url;
  if (url && (url.startsWith("data:image/") || (url.startsWith("/") && !url.startsWith("//")))) {
    // eslint-disable-next-line @next/next/no-img-element -- a data: URI or our own path; nothing for next/image to optimise
    return <img className={styles.avatar} src={url} alt="" width={40} height={40} />;
  }
  return (
    <span className={`${styles.avatar} ${styles.initial}`} aria-hidden="true">
      {Array.from(account.display_name || account.name)[0]?.toUpperCase()}
    </span>
  );
}
