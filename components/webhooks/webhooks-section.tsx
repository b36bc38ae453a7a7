import "server-only";
import { getTranslations } from "next-intl/server";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/locales";
import { WEBHOOK_NAME_MAX } from "@/lib/webhooks/input";
import { listWebhooks, type WebhookView } from "@/lib/webhooks/manage";
import { CreateForm } from "./create-form";
import { WebhookActions } from "./webhook-actions";
import type { WebhookText } from "./text";
import styles from "./webhooks.module.css";

// The webhooks plugin's own section (spec 3 Guild.webhooks, spec 7 POST /guilds/{id}/webhooks): the
// server's webhooks with their channel and creator, a form to make one (its URL shown once, to
// copy) and, per webhook, rename, a new avatar and delete. Drawn on the server with the page
// (cached per server and language, expired by every write); no token is ever part of it.

const TEXT_KEYS = ["title", "intro", "empty", "unavailable", "inChannel", "createdBy", "noCreator", "create", "created", "rename", "avatar", "remove", "failed"] as const satisfies ReadonlyArray<keyof WebhookText>;

type Props = { guildId: string; locale: Locale };

export async function WebhooksSection({ guildId, locale }: Props) {
  // The plugin has no settings, so the page loads no pickers for it: the channels are read here (kept per guild).
  const [t, { channels }] = await Promise.all([getTranslations({ locale, namespace: "webhookManager" }), getGuildPickers(guildId)]);
  const text = Object.fromEntries(TEXT_KEYS.map((key) => [key, t.raw(key)])) as WebhookText;
  let hooks: WebhookView[] | null = null;
  try {
    hooks = await listWebhooks(guildId);
  } catch {
    hooks = null;
  }
  // Text and announcement channels, where a webhook may post.
  const postable = channels.filter((channel) => channel.type === 0 || channel.type === 5).map((channel) => ({ id: channel.id, name: channel.name }));

  return (
    <section className={panelStyles.card} aria-labelledby="webhooks-heading" data-testid="webhooks">
      <div className={panelStyles.header}>
        <h2 id="webhooks-heading">{text.title}</h2>
        <p>{text.intro}</p>
      </div>
      <CreateForm guildId={guildId} channels={postable} text={text} nameMax={WEBHOOK_NAME_MAX} />
      {hooks === null ? (
        <p role="alert" className={panelStyles.failed}>
          {text.unavailable}
        </p>
      ) : hooks.length === 0 ? (
        <p className={panelStyles.muted}>{text.empty}</p>
      ) : (
        <ul className={styles.list} aria-label={text.title}>
          {hooks.map((hook) => (
            <li key={hook.id} className={styles.item} data-testid="webhook-item">
              <div className={styles.who}>
                {/* eslint-disable-next-line @next/next/no-img-element -- the platform's CDN picture */}
                <img src={hook.avatar_url} alt="" width={40} height={40} loading="lazy" />
                <div>
                  <p className={styles.name}>{hook.name}</p>
                  <p className={styles.meta}>
                    {hook.channel ? fill(text.inChannel, { channel: `#${hook.channel.name}` }) : null}
                    {" · "}
                    {hook.creator ? fill(text.createdBy, { name: hook.creator.name }) : text.noCreator}
                  </p>
                </div>
              </div>
              <WebhookActions guildId={guildId} webhook={{ id: hook.id, name: hook.name }} text={text} nameMax={WEBHOOK_NAME_MAX} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
