// Next runs this in the browser before the app starts: error reporting, when the page says it
// is on (components/error-reporting/browser-reporting.ts loads Sentry only then, after the fact).
import { browserSentry } from "@/components/error-reporting/browser-reporting";

if (typeof document !== "undefined") {
  const start = () => void browserSentry();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}
