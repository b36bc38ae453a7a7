/** @jest-environment node */
// The locale layout prerenders no page (app/[locale]/layout.tsx: each is drawn on first request and
// then kept), so Next cannot find out at build which pages read their request: a page that reads
// its query, cookies or headers must say it is dynamic, or its first render fails as a static one.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.join(__dirname, "../..");
const LOCALE_APP = path.join(ROOT, "app/[locale]");
const READS_REQUEST = /\bsearchParams\b|\bcookies\(\)|\bheaders\(\)/;
const DYNAMIC = /export const dynamic = "force-dynamic"/;

it("every page under app/[locale] that reads its request exports dynamic = force-dynamic", () => {
  const pages = readdirSync(LOCALE_APP, { recursive: true, encoding: "utf8" }).filter((file) => /(^|\/)page\.tsx$/.test(file));
  expect(pages.length).toBeGreaterThan(10);
  const undeclared = pages.filter((file) => {
    const source = readFileSync(path.join(LOCALE_APP, file), "utf8");
    return READS_REQUEST.test(source) && !DYNAMIC.test(source);
  });
  expect(undeclared).toEqual([]);
});
