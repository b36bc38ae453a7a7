import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { z } from "zod";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import formStyles from "@/components/settings-form/form.module.css";
import { GrantForm } from "@/components/staff/grant-form";
import styles from "@/components/staff/staff.module.css";
import type { StaffText } from "@/components/staff/text";
import { getDb } from "@/lib/db/client";
import { fill } from "@/lib/i18n/fill";
import { LANGUAGES, localeOr } from "@/lib/i18n/locales";
import { SNOWFLAKE_PATTERN } from "@/lib/platform/snowflake";
import { getSession } from "@/lib/session/server";
import { sessionIsStaff } from "@/lib/staff/access";
import { StaffError } from "@/lib/staff/errors";
import { MAX_GRANT } from "@/lib/staff/grant";
import { inputText } from "@/lib/validation/text";
import { lookUpGuild, lookUpUser, type StaffSubscription } from "@/lib/staff/lookup";

// The staff tools: look up a guild or a user by id and see their subscriptions, the guild's
// plugins, credits and recent jobs; read-only but for the support actions (a credit grant),
// each with a reason and audited in the guild's log. Linked from nowhere; anyone but staff
// gets the not-found page, as for any address that does not exist.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const id = inputText().trim().regex(SNOWFLAKE_PATTERN);
const lookupQuery = z.object({ guild: id.optional().catch(undefined), user: id.optional().catch(undefined) });

async function staffOnly() {
  if (!(await sessionIsStaff(await getDb(), await getSession()))) notFound();
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await staffOnly();
  const t = await getTranslations({ locale: localeOr((await params).locale), namespace: "staffTools" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** A lookup's answer, or null when there is nothing to show for the id. */
async function found<T>(lookUp: () => Promise<T>): Promise<T | null> {
  try {
    return await lookUp();
  } catch (error) {
    if (error instanceof StaffError) return null;
    throw error;
  }
}

export default async function StaffPage({ params, searchParams }: Props) {
  await staffOnly();
  const locale = localeOr((await params).locale);
  setRequestLocale(locale);
  const raw = await searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const query = lookupQuery.parse({ guild: first(raw.guild), user: first(raw.user) });
  const badId = (first(raw.guild) && !query.guild) || (first(raw.user) && !query.user);
  const t = await getTranslations({ locale, namespace: "staffTools" });
  const text = Object.fromEntries((["lookup", "guild", "user", "subscription", "grant"] as const).map((key) => [key, t.raw(key)])) as Pick<StaffText, "lookup" | "guild" | "user" | "subscription" | "grant">;
  const db = await getDb();
  const [guild, user] = await Promise.all([query.guild ? found(() => lookUpGuild(db, query.guild!)) : null, query.user ? found(() => lookUpUser(db, query.user!)) : null]);
  const tag = LANGUAGES[locale].tag;
  const when = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const subscription = (sub: StaffSubscription) => fill(text.subscription, { plan: sub.plan, status: sub.status, provider: sub.provider, end: when(sub.current_period_end) });

  return (
    <div className={`container ${styles.page}`}>
      <header>
        <h1>{t("title")}</h1>
        <p>{t("intro")}</p>
      </header>
      <form className={`${panelStyles.card} ${styles.lookup}`} method="get" role="search" data-testid="staff-lookup">
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor="staff-guild">
            {text.lookup.guild}
          </label>
          <input className={formStyles.input} id="staff-guild" name="guild" type="text" inputMode="numeric" defaultValue={query.guild ?? ""} autoComplete="off" />
        </div>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor="staff-user">
            {text.lookup.user}
          </label>
          <input className={formStyles.input} id="staff-user" name="user" type="text" inputMode="numeric" defaultValue={query.user ?? ""} autoComplete="off" />
        </div>
        <button type="submit" className="button button-primary">
          {text.lookup.submit}
        </button>
      </form>
      {badId ? <p role="alert" className={styles.error}>{text.lookup.badId}</p> : null}
      {(query.guild && !guild) || (query.user && !user) ? <p role="status">{text.lookup.nothing}</p> : null}

      {guild ? (
        <>
          <section className={panelStyles.card} aria-labelledby="staff-guild-title" data-testid="staff-guild">
            <div className={panelStyles.header}>
              <h2 id="staff-guild-title">{fill(text.guild.title, { id: guild.guild_id })}</h2>
              <p data-testid="staff-guild-credits">{fill(text.guild.credits, { count: new Intl.NumberFormat(tag).format(guild.credits) })}</p>
            </div>
            <h3>{text.guild.subscriptions}</h3>
            {guild.subscriptions.length === 0 ? <p className={panelStyles.muted}>{text.guild.none}</p> : <ul className={styles.list}>{guild.subscriptions.map((sub) => <li key={sub.id}>{subscription(sub)}</li>)}</ul>}
            <h3>{text.guild.plugins}</h3>
            {guild.plugins.length === 0 ? (
              <p className={panelStyles.muted}>{text.guild.none}</p>
            ) : (
              <ul className={styles.list}>
                {guild.plugins.map((plugin) => (
                  <li key={plugin.plugin_id}>
                    {plugin.plugin_id} · {plugin.enabled ? text.guild.enabled : text.guild.disabled} · {when(plugin.updated_at)}
                  </li>
                ))}
              </ul>
            )}
            <h3>{text.guild.jobs}</h3>
            {guild.jobs.length === 0 ? (
              <p className={panelStyles.muted}>{text.guild.none}</p>
            ) : (
              <ul className={styles.list}>
                {guild.jobs.map((job) => (
                  <li key={job.id}>
                    {job.name} · {job.state} · {when(job.created_on)}
                    {job.error ? <span className={styles.error}> · {fill(text.guild.jobFailed, { error: job.error })}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <GrantForm guildId={guild.guild_id} max={MAX_GRANT} text={text.grant} />
        </>
      ) : null}

      {user ? (
        <section className={panelStyles.card} aria-labelledby="staff-user-title" data-testid="staff-user">
          <div className={panelStyles.header}>
            <h2 id="staff-user-title">{fill(text.user.title, { name: user.user.global_name || user.user.username, id: user.user.id })}</h2>
            {user.user.staff ? <p>{text.user.staff}</p> : null}
          </div>
          <h3>{text.user.subscriptions}</h3>
          {user.subscriptions.length === 0 ? (
            <p className={panelStyles.muted}>{text.user.none}</p>
          ) : (
            <ul className={styles.list}>
              {user.subscriptions.map((sub) => (
                <li key={sub.id}>
                  {subscription(sub)} · <a href={`?guild=${sub.guild_id}`}>{fill(text.user.guildLink, { id: sub.guild_id })}</a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
