import "server-only";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/lib/db/client";
import { readGuildSettings } from "@/lib/guilds/settings-queries";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import type { PickerChannel } from "@/lib/guilds/pickers";
import { caseView, DEFAULT_CASES_PAGE, listCases } from "@/lib/moderation/cases";
import { lockdownChannelIds, lockdownState } from "@/lib/moderation/lockdown";
import { withModeratorNames } from "@/lib/moderation/moderator-names";
import type { IssueCode } from "@/lib/validation/issues";
import { issueTextFor } from "@/lib/validation/server-messages";
import { listedCase } from "./format";
import { moderationText } from "./page-text";
import styles from "./moderation.module.css";
import { ModerationPanel } from "./moderation-panel";

/** Why the bot could not escalate a warning (lib/moderation/can-act.ts), said in the act dialog. */
const ESCALATION_REFUSALS: IssueCode[] = ["mod_target_owner", "mod_target_bot", "mod_bot_cannot_ban", "mod_bot_cannot_timeout", "not_a_member", "mod_target_above_bot", "mod_target_admin", "mod_platform_refused"];

/** The settings section that chooses the lockdown's channels and message (components/settings-form/fields-editor.tsx). */
const LOCKDOWN_SETTINGS = "#cfg-moderator-section-lockdown";

/**
 * The moderator page's cases, members, bans, mutes and lockdown. Drawn for everyone who may
 * see the server (the page is cached per server and language): the newest cases and the
 * lockdown's state come from the database here, the rest from the islands.
 */
type Props = { guildId: string; locale: Locale; config: Record<string, unknown>; channels: readonly PickerChannel[] };

export async function ModerationSection({ guildId, locale, config, channels }: Props) {
  const db = await getDb();
  const chosen = lockdownChannelIds(config);
  const [page, lockdown, settings, t] = await Promise.all([
    listCases(db, guildId, { limit: DEFAULT_CASES_PAGE, includePardoned: false }),
    lockdownState(db, guildId, chosen),
    readGuildSettings(db, guildId),
    getTranslations({ locale }),
  ]);
  const text = moderationText(t, config);
  const cases = await withModeratorNames(db, page.cases.map(caseView));
  const names = new Map(channels.map((channel) => [channel.id, channel.type === 0 || channel.type === 5 ? `#${channel.name}` : channel.name]));
  const issueText = issueTextFor(locale);

  return (
    <section className={styles.card} aria-labelledby="moderation-heading" data-testid="moderation">
      <div className={styles.header}>
        <h2 id="moderation-heading">{text.title}</h2>
        <p>{text.intro}</p>
      </div>
      <ModerationPanel
        guildId={guildId}
        initialCases={{ infractions: cases.map(listedCase), next_cursor: page.next === null ? null : String(page.next) }}
        lockdown={lockdown}
        lockdownChannels={chosen.map((id) => ({ id, name: names.get(id) ?? text.lockdown.deletedChannel }))}
        settingsHref={LOCKDOWN_SETTINGS}
        zone={settings.timezone ?? "UTC"}
        locale={LANGUAGES[locale].tag}
        defaultMinutes={typeof config.default_mute_minutes === "number" ? config.default_mute_minutes : 60}
        refusals={Object.fromEntries(ESCALATION_REFUSALS.map((code) => [code, issueText(code)]))}
        text={text}
      />
    </section>
  );
}
