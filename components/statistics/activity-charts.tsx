import "server-only";
import { getTranslations } from "next-intl/server";
import collection from "@/components/settings-form/collection.module.css";
import { getDb } from "@/lib/db/client";
import { getGuildSettings } from "@/lib/guilds/settings-queries";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import { dailyActivity, type DayActivity } from "@/lib/plugins/statistics/activity";
import { BarChart } from "./bar-chart";
import styles from "./statistics.module.css";

// The Statistics page's charts: members who joined and left, and messages, per day over the last
// 30 days, cut in the server's time zone, from what the bot reported (lib/plugins/statistics/activity.ts).
// Drawn here as SVG; each chart has its numbers in a table too (for screen readers and for exact values).

const DAYS = 30;

const SWATCH = { brand: styles.swatchBrand, danger: styles.swatchDanger, muted: styles.swatchMuted } as const;

function Chart({ id, title, summary, days, dayLabels, dayNames, series, yTitle, xTitle, numbers, tableLabel }: Parameters<typeof BarChart>[0] & { dayNames: string[]; tableLabel: string }) {
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{title}</h3>
      <p className={styles.summary}>{summary}</p>
      <ul className={styles.legend}>
        {series.map((one) => (
          <li key={one.label}>
            <span className={`${styles.swatch} ${SWATCH[one.tone]}`} aria-hidden="true" />
            {one.label}
          </li>
        ))}
      </ul>
      {/* Time runs left to right in every language: the plot is LTR, the text around it follows the page. */}
      <div dir="ltr">
        <BarChart id={id} title={title} summary={summary} days={days} dayLabels={dayLabels} series={series} yTitle={yTitle} xTitle={xTitle} numbers={numbers} />
      </div>
      <details>
        <summary>{tableLabel}</summary>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid={`${id}-table`}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{xTitle}</th>
                {series.map((one) => (
                  <th key={one.label} scope="col">
                    {one.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day}>
                  <th scope="row">
                    <time dateTime={day}>{dayNames[index]}</time>
                  </th>
                  {series.map((one) => (
                    <td key={one.label}>{numbers.format(one.values[index] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The charts, for a Premium server (the page leaves them out otherwise). */
export async function ActivityCharts({ guildId, locale }: { guildId: string; locale: Locale }) {
  const zone = (await getGuildSettings(guildId)).timezone ?? "UTC";
  const [activity, t] = await Promise.all([dailyActivity(await getDb(), guildId, zone, new Date(), DAYS), getTranslations({ locale, namespace: "statisticsCharts" })]);
  const tag = LANGUAGES[locale].tag;
  const numbers = new Intl.NumberFormat(tag);
  // Days are calendar dates already cut in the zone: formatted at noon UTC so no zone moves them.
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  const short = new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(tag, { weekday: "short", day: "numeric", month: "long", timeZone: "UTC" });
  const days = activity.map((entry) => entry.day);
  const dayLabels = days.map((day) => short.format(noon(day)));
  const dayNames = days.map((day) => long.format(noon(day)));
  const sum = (key: keyof Omit<DayActivity, "day">) => activity.reduce((total, entry) => total + entry[key], 0);
  const common = { days, dayLabels, dayNames, numbers, xTitle: t("axisDay"), tableLabel: t("table") };
  return (
    <section className={collection.section} aria-labelledby="statistics-charts-title" data-testid="statistics-charts">
      <header className={collection.header}>
        <h2 id="statistics-charts-title">{t("title")}</h2>
      </header>
      <p>{t("intro")}</p>
      <p className={styles.zone}>{t("zone", { zone })}</p>
      <div className={styles.charts}>
        <Chart
          id="members"
          title={t("membersTitle")}
          summary={t("membersSummary", { joined: sum("joins"), left: sum("leaves"), days: DAYS })}
          series={[
            { label: t("joined"), values: activity.map((entry) => entry.joins), tone: "brand" },
            { label: t("left"), values: activity.map((entry) => entry.leaves), tone: "danger" },
          ]}
          yTitle={t("axisMembers")}
          {...common}
        />
        <Chart
          id="messages"
          title={t("messagesTitle")}
          summary={t("messagesSummary", { messages: sum("messages"), days: DAYS })}
          series={[{ label: t("messages"), values: activity.map((entry) => entry.messages), tone: "brand" }]}
          yTitle={t("axisMessages")}
          {...common}
        />
      </div>
    </section>
  );
}
