// `npm run contrast`: WCAG contrast of the design tokens in app/globals.css, for the comment
// beside them (lib/brand/contrast.ts lists the pairs; contrast.test.ts enforces them).
import { readFileSync } from "node:fs";
import path from "node:path";
import { contrastReport, readTokens } from "../lib/brand/contrast";

const tokens = readTokens(readFileSync(path.join(process.cwd(), "app", "globals.css"), "utf8"));
let failed = false;
for (const row of contrastReport(tokens)) {
  const ok = row.ratio >= row.min;
  failed ||= !ok;
  console.log(`${ok ? "ok  " : "FAIL"} ${row.ratio.toFixed(2).padStart(5)}:1 (min ${row.min})  --${row.fg} ${row.fgHex} on --${row.bg} ${row.bgHex}  ${row.use}`);
}
process.exit(failed ? 1 : 0);
