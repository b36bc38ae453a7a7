"use client";

import { Suspense, useState } from "react";
import type { CustomBotView } from "@/lib/custom-bot/view";
import { AvatarForm } from "./avatar-form";
import { BackstoryForm } from "./backstory-form";
import { BlockedBanner } from "./blocked-banner";
import { BotCard } from "./bot-card";
import { DisableButton } from "./disable-button";
import { BotAddedNotice, InviteButton } from "./invite-button";
import { PresenceForm } from "./presence-form";
import type { CustomBotText } from "./text";
import { TokenForm } from "./token-form";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import styles from "./custom-bot.module.css";

type Props = {
  guildId: string;
  guildName: string;
  /** BCP 47 tag dates are written in. */
  dateTag: string;
  view: CustomBotView;
  channels: Array<{ id: string; name: string }>;
  /** Where the platform sends the owner back (app/guild-oauth), for the redirect the application must list. */
  redirectUrl: string;
  premiumHref: string;
  text: CustomBotText;
};

/**
 * The custom bot's page: without a subscription that includes it, what it is and where to get it;
 * with one, its token, then the bot itself (card, status, avatar, backstory, adding it to the
 * server, turning it off). Every write answers the whole bot, which the page shows at once; the
 * refresh after writes brings the server's render, which takes over when it differs.
 */
export function CustomBotPanel({ guildId, guildName, dateTag, view: initial, channels, redirectUrl, premiumHref, text }: Props) {
  const [view, setView] = useState(initial);
  const [rendered, setRendered] = useState(initial);
  if (initial !== rendered) {
    setRendered(initial);
    setView(initial);
  }
  const { bot, included } = view;

  return (
    <div className={panelStyles.panel}>
      {included ? null : (
        <div className="notice notice-warning" data-testid="custom-bot-upsell">
          <div>
            <p className={styles.bannerTitle}>{text.upsell.title}</p>
            <p>{bot ? text.lapsed : text.upsell.body}</p>
            <p>
              {/* A document load: the premium page's chooser reads the server to sell from its address as it loads. */}
              <a href={premiumHref}>{text.upsell.link}</a>
            </p>
          </div>
        </div>
      )}
      <Suspense>
        <BotAddedNotice guildName={guildName} text={text} />
      </Suspense>
      {bot?.status === "blocked" ? <BlockedBanner guildId={guildId} text={text} onSaved={setView} /> : null}
      {bot ? <BotCard bot={bot} text={text} dateTag={dateTag} /> : null}
      {bot && included ? <InviteButton guildId={guildId} guildName={guildName} authorizeUrl={bot.authorize_url} redirectUrl={redirectUrl} text={text} /> : null}
      {included ? <TokenForm guildId={guildId} view={view} text={text} onSaved={setView} /> : null}
      {bot && included ? (
        <>
          <PresenceForm key={`presence-${bot.application_id}`} guildId={guildId} bot={bot} text={text} onSaved={setView} />
          <AvatarForm guildId={guildId} text={text} onSaved={setView} />
          <BackstoryForm key={`backstory-${bot.application_id}`} guildId={guildId} bot={bot} channels={channels} text={text} onSaved={setView} />
        </>
      ) : null}
      {bot?.status === "active" ? <DisableButton guildId={guildId} guildName={guildName} text={text} onSaved={setView} /> : null}
    </div>
  );
}
