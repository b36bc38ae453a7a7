import Link from "next/link";
import type { AuditFilters } from "@/lib/audit-log/filters";
import styles from "./audit.module.css";

export type FilterText = {
  label: string;
  plugin: string;
  allPlugins: string;
  user: string;
  anyone: string;
  from: string;
  to: string;
  zone: string;
  apply: string;
  clear: string;
};

type Option = { id: string; name: string };

type Props = {
  /** The log's own address: the form is sent there with GET, so it works without JavaScript and the result is a link. */
  action: string;
  filters: AuditFilters;
  plugins: readonly Option[];
  people: readonly Option[];
  zone: string;
  text: FilterText;
};

/** The log's filters: plugin, who made the change, and a range of days. A new filter starts again at the newest change. */
export function AuditFilterForm({ action, filters, plugins, people, zone, text }: Props) {
  // Someone named by a link who changed nothing here is still shown as chosen.
  const choices = filters.user && !people.some((person) => person.id === filters.user) ? [...people, { id: filters.user, name: filters.user }] : people;
  const active = Object.values(filters).some((value) => value !== undefined);
  return (
    <form className={styles.filters} action={action} method="get" role="search" aria-label={text.label} data-testid="audit-filters">
      <div className={styles.filter}>
        <label htmlFor="audit-plugin">{text.plugin}</label>
        <select id="audit-plugin" name="plugin" className="input" defaultValue={filters.plugin ?? ""}>
          <option value="">{text.allPlugins}</option>
          {plugins.map((plugin) => (
            <option key={plugin.id} value={plugin.id}>
              {plugin.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor="audit-user">{text.user}</label>
        <select id="audit-user" name="user" className="input" defaultValue={filters.user ?? ""}>
          <option value="">{text.anyone}</option>
          {choices.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor="audit-from">{text.from}</label>
        <input id="audit-from" name="from" type="date" className="input" defaultValue={filters.from ?? ""} aria-describedby="audit-zone" />
      </div>
      <div className={styles.filter}>
        <label htmlFor="audit-to">{text.to}</label>
        <input id="audit-to" name="to" type="date" className="input" defaultValue={filters.to ?? ""} aria-describedby="audit-zone" />
      </div>
      <div className={styles.filterActions}>
        <button className="button button-secondary" type="submit">
          {text.apply}
        </button>
        {active ? (
          <Link className="button button-ghost" href={action} data-testid="audit-clear-filters">
            {text.clear}
          </Link>
        ) : null}
      </div>
      <p id="audit-zone" className={styles.zone}>
        {text.zone} <bdi>{zone}</bdi>
      </p>
    </form>
  );
}
