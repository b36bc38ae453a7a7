import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import "@/app/globals.css";

/** The html shell of pages outside the /{locale} tree (OAuth return windows). */
export function BareDocument({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  const language = LANGUAGES[locale];
  return (
    <html lang={language.tag} dir={language.dir}>
      <body>
        <main id="main" style={{ display: "grid", placeItems: "center", minHeight: "100vh", padding: 24, textAlign: "center" }}>
          {children}
        </main>
      </body>
    </html>
  );
}
