import type { ServerResponse } from "node:http";
import { escapeHtml as e } from "@/emulators/platform/http";

// The fake's consent page: who is signing in, what the app asks for, "Authorize" and "Cancel".
// The form posts back to the same address (its query holds the request), like the real pages.

export type ConsentModel = { provider: string; color: string; appName: string; account: { name: string; handle: string; avatar: string }; scopes: string[] };

export function sendConsentPage(res: ServerResponse, model: ConsentModel): true {
  const scopes = model.scopes.length ? `<ul>${model.scopes.map((scope) => `<li>${e(scope)}</li>`).join("")}</ul>` : "<p>Read your public profile.</p>";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize ${e(model.appName)} · ${e(model.provider)}</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px/1.4 system-ui, sans-serif; background: #f4f4f6; color: #18181b; }
main { width: min(420px, 92vw); background: #fff; border-radius: 12px; padding: 28px 24px; box-shadow: 0 6px 24px rgba(0,0,0,.12); }
h1 { font-size: 20px; margin: 0 0 16px; }
.who { display: flex; align-items: center; gap: 12px; margin-bottom: 16px; }
.who img { width: 48px; height: 48px; border-radius: 50%; }
.actions { display: flex; gap: 8px; justify-content: flex-end; margin-top: 24px; }
button { font: inherit; font-weight: 600; border-radius: 6px; padding: 10px 18px; cursor: pointer; border: 1px solid #d4d4d8; background: #fff; }
.primary { background: ${e(model.color)}; border-color: ${e(model.color)}; color: #fff; }
:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
.note { font-size: 12px; color: #52525b; text-align: center; margin: 20px 0 0; }
</style></head>
<body><main>
<h1>${e(model.appName)} wants to access your ${e(model.provider)} account</h1>
<div class="who"><img src="${e(model.account.avatar)}" alt="" width="48" height="48"><div><strong>${e(model.account.name)}</strong><br>@${e(model.account.handle)}</div></div>
${scopes}
<form method="post"><div class="actions">
<button type="submit" name="decision" value="deny">Cancel</button>
<button type="submit" name="decision" value="allow" class="primary" autofocus>Authorize</button>
</div></form>
<p class="note">${e(model.provider)} stand-in for local development. Not affiliated with ${e(model.provider)}.</p>
</main></body></html>`;
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(html);
  return true;
}

export function sendErrorPage(res: ServerResponse, message: string): true {
  res.writeHead(400, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><main><h1>Something went wrong</h1><p>${e(message)}</p></main></body></html>`);
  return true;
}
