"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { GlobeIcon } from "./icons";
import { LANGUAGES, LOCALES, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { stripLocale } from "@/lib/i18n/negotiate";
import styles from "./language-switcher.module.css";

/** Stores the choice (spec 5 "stored preference") and reloads the same page in the new language. */
export function LanguageSwitcher({ locale, label }: { locale: Locale; label: string }) {
  const pathname = usePathname();
  const search = useSearchParams();

  function change(next: string) {
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
    const query = search.toString();
    const rest = stripLocale(pathname);
    const path = `/${next}${rest === "/" ? "" : rest}${query ? `?${query}` : ""}`;
    // A full page load on purpose, not router.push: the server renders the whole frame (lang, dir, messages) in the new language.
    window.location.assign(new URL(path, window.location.origin));
  }

  return (
    <label className={styles.wrap}>
      <span className="visually-hidden">{label}</span>
      <span className={styles.globe}>
        <GlobeIcon size={16} />
      </span>
      <select className={styles.select} value={locale} onChange={(event) => change(event.target.value)} aria-label={label}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={LANGUAGES[code].tag}>
            {LANGUAGES[code].name}
          </option>
        ))}
      </select>
    </label>
  );
}
