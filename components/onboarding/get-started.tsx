"use client";

import Link from "next/link";
import { useId, useState } from "react";
import useSWR from "swr";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import { reportUnshownError } from "@/components/report-error";
import styles from "./get-started.module.css";

// The first-login steps on My servers: add the bot to a server, turn on a first plugin there,
// and say what the server is for (the onboarding survey) and who you are (the typeform). Shown
// until the user answers or hides them; both are kept per user on the server, so they stay
// hidden on every device.

export type GetStartedLabels = {
  title: string;
  intro: string;
  addBot: string;
  addBotDone: string;
  addBotHint: string;
  plugin: string;
  pluginLink: string;
  survey: string;
  usage: string;
  usages: Record<string, string>;
  business: string;
  role: string;
  roles: Record<string, string>;
  heardFrom: string;
  heardFromOptions: Record<string, string>;
  submit: string;
  sending: string;
  hide: string;
  thanks: string;
};

type Onboarding = { answers: { role: string; heard_from: string } | null; done: boolean };
type Props = { locale: string; firstGuild: { id: string; name: string } | null; labels: GetStartedLabels };

export function GetStarted({ locale, firstGuild, labels }: Props) {
  const { data, mutate } = useSWR("/users/@me/onboarding-typeform", (path: string) => apiFetch<Onboarding>(path, { silent: true }));
  const [status, setStatus] = useState<"idle" | "sending" | "thanks">("idle");
  const headingId = useId();
  if (!data || (data.done && status !== "thanks")) return null;
  if (status === "thanks") {
    return (
      <p className={`notice notice-success ${styles.thanks}`} role="status" data-testid="get-started-thanks">
        {labels.thanks}
      </p>
    );
  }

  async function send(form: FormData | null) {
    setStatus("sending");
    try {
      if (form && firstGuild) {
        await apiFetch(`/guilds/${firstGuild.id}/onboarding_survey`, { method: "POST", body: { discord_usage: form.get("usage"), is_business: form.get("business") === "on" }, keepsPages: true });
      }
      const answers = form ? { role: form.get("role"), heard_from: form.get("heard_from") } : undefined;
      await apiFetch("/users/@me/onboarding-typeform", { method: "POST", body: { ...(answers && { answers }), done: true }, keepsPages: true });
      setStatus(form ? "thanks" : "idle");
      await mutate();
    } catch (error) {
      setStatus("idle");
      reportUnshownError(error);
    }
  }

  const sending = status === "sending";
  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid="get-started">
      <header className={styles.header}>
        <div>
          <h2 id={headingId}>{labels.title}</h2>
          <p>{labels.intro}</p>
        </div>
        <button type="button" className="button button-secondary button-small" onClick={() => void send(null)} disabled={sending}>
          {labels.hide}
        </button>
      </header>
      <ol className={styles.steps}>
        <li className={firstGuild ? styles.done : undefined}>
          <strong>{labels.addBot}</strong>
          <span>{firstGuild ? fill(labels.addBotDone, { name: firstGuild.name }) : labels.addBotHint}</span>
        </li>
        <li>
          <strong>{labels.plugin}</strong>
          {firstGuild ? (
            <Link href={`/${locale}/dashboard/${firstGuild.id}`} prefetch={false}>
              {fill(labels.pluginLink, { name: firstGuild.name })}
            </Link>
          ) : null}
        </li>
        <li>
          <strong>{firstGuild ? fill(labels.survey, { name: firstGuild.name }) : labels.role}</strong>
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              void send(new FormData(event.currentTarget));
            }}
          >
            {firstGuild ? (
              <>
                <Choice name="usage" label={labels.usage} options={labels.usages} />
                <label className={styles.check}>
                  <input type="checkbox" name="business" /> {labels.business}
                </label>
              </>
            ) : null}
            <Choice name="role" label={labels.role} options={labels.roles} />
            <Choice name="heard_from" label={labels.heardFrom} options={labels.heardFromOptions} />
            <button type="submit" className="button button-primary button-small" disabled={sending} aria-busy={sending}>
              {sending ? labels.sending : labels.submit}
            </button>
          </form>
        </li>
      </ol>
    </section>
  );
}

function Choice({ name, label, options }: { name: string; label: string; options: Record<string, string> }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} required defaultValue="" className="input">
        <option value="" disabled>
          —
        </option>
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
