"use client";

import { useEffect, useId, useState } from "react";
import panel from "@/components/action-panel/action-panel.module.css";
import formStyles from "@/components/settings-form/form.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import { Spinner } from "@/components/spinner";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { NftAvatar } from "@/lib/nft-avatars/avatar";
import type { NftAvatarText } from "./text";

// "Bot avatar" on the NFT avatars page: the NFT that is the bot's avatar in this server, a form to
// set one of the caller's (owned by a wallet linked on their account page, checked on chain), and a reset.

const HANDLES = ["nft_no_collection", "nft_not_owner", "nft_image_unavailable", "crypto_unavailable"];

export function NftAvatarPanel({ guildId, accountHref, text }: { guildId: string; accountHref: string; text: NftAvatarText }) {
  const id = useId();
  const path = `/guilds/${guildId}/nft-avatar`;
  const [avatar, setAvatar] = useState<NftAvatar | null | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tokenId, setTokenId] = useState("");
  const set = useAction(text.failed);
  const reset = useAction(text.failed);

  useEffect(() => {
    let alive = true;
    apiFetch<{ avatar: NftAvatar | null }>(path, { silent: true }).then(
      (answer) => alive && setAvatar(answer.avatar),
      () => alive && setLoadFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [path]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void set.run(async () => {
      const answer = await apiFetch<{ avatar: NftAvatar }>(path, { method: "POST", body: { token_id: tokenId.trim() }, handles: HANDLES });
      setAvatar(answer.avatar);
      return fill(text.done, { token: answer.avatar.token_id });
    });
  }

  return (
    <section className={panel.card} aria-labelledby="nft-avatar-title" data-testid="nft-avatar">
      <header className={panel.header}>
        <h2 id="nft-avatar-title">{text.title}</h2>
        <p>
          {text.intro} <a href={accountHref}>{text.walletsLink}</a>
        </p>
      </header>
      {avatar === undefined && !loadFailed ? <Spinner showLabel label={text.loading} /> : null}
      {loadFailed ? <p role="alert" className={panel.failed}>{text.loadFailed}</p> : null}
      {avatar === null ? <p className={panel.muted}>{text.none}</p> : null}
      {avatar ? (
        <p className={panel.muted} data-testid="nft-avatar-current">
          {fill(text.current, { token: avatar.token_id, wallet: avatar.wallet, date: new Date(avatar.checked_at).toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" }) })}
        </p>
      ) : null}
      <form className={panel.form} onSubmit={submit}>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-token`}>
            {text.tokenLabel}
          </label>
          <input className={formStyles.input} id={`${id}-token`} inputMode="numeric" pattern="[0-9]{1,78}" required autoComplete="off" value={tokenId} onChange={(event) => setTokenId(event.target.value)} aria-invalid={set.refusal?.fields.token_id ? true : undefined} />
          {set.refusal?.fields.token_id ? <p role="alert" className={panel.failed}>{set.refusal.fields.token_id}</p> : null}
        </div>
        <div className={panel.actions}>
          <button type="submit" className="button button-primary" disabled={set.busy}>
            {set.busy ? text.setting : text.set}
          </button>
          {avatar ? (
            <button
              type="button"
              className={`button button-ghost ${panel.dangerButton}`}
              disabled={reset.busy}
              onClick={() =>
                void reset.run(async () => {
                  await apiFetch(path, { method: "DELETE", handles: HANDLES });
                  setAvatar(null);
                  return text.resetDone;
                })
              }
            >
              {reset.busy ? text.resetting : text.reset}
            </button>
          ) : null}
        </div>
      </form>
      <Feedback done={set.done} refusal={set.refusal} shownByFields={["token_id"]} testId="nft-avatar-set" />
      <Feedback done={reset.done} refusal={reset.refusal} testId="nft-avatar-reset" />
    </section>
  );
}
