import { escapeHtml as e } from "./http";

// HTML for the emulator's consent screen: self-contained (inline CSS, one
// small inline script), dark like Discord's, and usable with a keyboard and
// a screen reader. Playwright finds things by label and role, so labels are
// stable: "Authorize", "Cancel", "Add to server", "Ada (ada.lovelace)".

export interface PageUser {
  id: string;
  label: string;
  avatarUrl: string;
}

export interface PageBot {
  guilds: { id: string; name: string }[];
  selectedGuildId: string | undefined;
  locked: boolean;
  permissions: string[];
  warning: string | undefined;
}

export interface AuthorizePageModel {
  appName: string;
  /** Parameters echoed back as hidden inputs so the POST sees the same request. */
  hidden: Record<string, string>;
  scopes: string[];
  users: PageUser[];
  selectedUserId: string;
  bot: PageBot | undefined;
}

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  identify: "Access your username, avatar, and banner",
  email: "Access your email address",
  guilds: "Know what servers you're in",
  "guilds.members.read": "Read your member info (nickname, avatar, roles) in servers you belong to",
  "guilds.join": "Join servers for you",
  bot: "Add a bot to a server",
  "applications.commands": "Create commands",
  connections: "Access your third-party connections",
};

const STYLE = `
:root { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px;
  background: radial-gradient(circle at 20% 10%, #404eed 0, #23272a 55%) fixed; color: #dbdee1;
  font: 16px/1.4 "gg sans", "Noto Sans", "Helvetica Neue", Helvetica, Arial, sans-serif; }
main { width: 100%; max-width: 440px; background: #313338; border-radius: 8px; padding: 32px 24px 24px;
  box-shadow: 0 8px 24px rgba(0,0,0,.35); }
.app { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 8px; margin-bottom: 20px; }
.app svg { border-radius: 50%; }
h1 { margin: 0; font-size: 20px; color: #f2f3f5; font-weight: 700; }
.sub { margin: 0; color: #b5bac1; font-size: 14px; }
fieldset { border: 0; margin: 0 0 16px; padding: 0; }
legend, .label { display: block; margin-bottom: 8px; font-size: 12px; font-weight: 700; letter-spacing: .02em;
  text-transform: uppercase; color: #b5bac1; }
.user { display: flex; align-items: center; gap: 12px; padding: 8px 10px; border-radius: 4px; cursor: pointer; }
.user:hover { background: #2b2d31; }
.user:has(input:checked) { background: #404249; color: #f2f3f5; }
.user img { width: 32px; height: 32px; border-radius: 50%; }
input[type=radio] { accent-color: #5865f2; width: 18px; height: 18px; margin: 0; }
ul { margin: 0 0 16px; padding: 0; list-style: none; }
li { display: flex; gap: 10px; align-items: flex-start; padding: 6px 0; border-bottom: 1px solid #3f4147; font-size: 14px; }
li::before { content: "✓"; color: #23a559; font-weight: 700; }
select { width: 100%; padding: 10px; border-radius: 4px; border: 1px solid #1e1f22; background: #1e1f22; color: #f2f3f5; font: inherit; }
select:disabled { opacity: .75; }
.warning { margin: 8px 0 0; color: #fa777c; font-size: 14px; }
.perms { font-size: 13px; color: #b5bac1; margin: -8px 0 16px; }
.actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 24px; padding-top: 16px; border-top: 1px solid #3f4147; }
button { font: inherit; font-weight: 600; font-size: 14px; border: 0; border-radius: 4px; padding: 10px 20px; cursor: pointer; }
.primary { background: #5865f2; color: #fff; }
.primary:hover { background: #4752c4; }
.secondary { background: transparent; color: #dbdee1; }
.secondary:hover { text-decoration: underline; }
:focus-visible { outline: 2px solid #00a8fc; outline-offset: 2px; }
.note { margin: 16px 0 0; text-align: center; font-size: 12px; color: #949ba4; }
.error h1 { color: #fa777c; }
`;

const APP_ICON = `<svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true"><rect width="72" height="72" fill="#5865f2"/><path fill="#fff" d="M36 16l16 8v4H20v-4zM22 30h6v18h-6zM33 30h6v18h-6zM44 30h6v18h-6zM18 50h36v6H18z"/></svg>`;

function layout(title: string, body: string, extraClass = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="${extraClass}">
${body}
<p class="note">Platform emulator for local development. Not affiliated with Discord.</p>
</main>
</body>
</html>`;
}

/** "ManageRoles" → "Manage Roles". */
const humanise = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");

function botSection(bot: PageBot): string {
  const options = bot.guilds
    .map((guild) => `<option value="${e(guild.id)}"${guild.id === bot.selectedGuildId ? " selected" : ""}>${e(guild.name)}</option>`)
    .join("");
  const placeholder = bot.selectedGuildId ? "" : `<option value="" disabled selected>Select a server</option>`;
  // A disabled select is not submitted, so a locked choice travels in a hidden input.
  const hidden = bot.locked && bot.selectedGuildId ? `<input type="hidden" name="guild_id" value="${e(bot.selectedGuildId)}">` : "";
  const warning = bot.warning ? `<p class="warning" role="alert">${e(bot.warning)}</p>` : "";
  const permissions = bot.permissions.length
    ? `<p class="perms">Requested permissions: ${bot.permissions.map((name) => e(humanise(name))).join(", ")}</p>`
    : "";
  return `<div style="margin-bottom:16px">
<label class="label" for="guild_id">Add to server</label>
<select id="guild_id" name="guild_id"${bot.locked ? " disabled" : " required"}>${placeholder}${options}</select>
${hidden}${warning}
</div>
${permissions}`;
}

export function renderAuthorizePage(model: AuthorizePageModel): string {
  const hidden = Object.entries(model.hidden)
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join("\n");
  const users = model.users
    .map(
      (user) => `<label class="user"><input type="radio" name="user" value="${e(user.id)}"${user.id === model.selectedUserId ? " checked" : ""} required>
<img src="${e(user.avatarUrl)}" alt="" width="32" height="32"><span>${e(user.label)}</span></label>`,
    )
    .join("\n");
  const scopes = model.scopes.map((scope) => `<li>${e(SCOPE_DESCRIPTIONS[scope] ?? scope)}</li>`).join("");
  // The server lists only guilds the selected user may manage, so switching
  // users reloads the page with that user preselected.
  const script = model.bot
    ? `<script>
document.querySelectorAll('input[name="user"]').forEach(function (input) {
  input.addEventListener("change", function () {
    var url = new URL(window.location.href);
    url.searchParams.set("emulator_user", input.value);
    url.searchParams.delete("emulator_auto");
    window.location.replace(url.toString());
  });
});
</script>`
    : "";
  // Cancel submits its own form, so pressing Enter in the main form (whose
  // only submit button is Authorize) never cancels by accident.
  const body = `<div class="app">${APP_ICON}
<h1>${e(model.appName)}</h1>
<p class="sub">wants to access your account</p></div>
<form method="post" action="/oauth2/authorize">
${hidden}
<fieldset><legend>Signed in as</legend>
${users}
</fieldset>
<p class="label" id="scopes-heading">This will allow the developer of ${e(model.appName)} to:</p>
<ul aria-labelledby="scopes-heading">${scopes}</ul>
${model.bot ? botSection(model.bot) : ""}
<div class="actions">
<button type="submit" form="cancel-form" class="secondary">Cancel</button>
<button type="submit" name="action" value="authorize" class="primary">Authorize</button>
</div>
</form>
<form id="cancel-form" method="post" action="/oauth2/authorize" hidden>
${hidden}
<input type="hidden" name="action" value="cancel">
</form>
${script}`;
  return layout(`Authorize ${model.appName}`, body);
}

export function renderErrorPage(title: string, message: string): string {
  return layout(title, `<div class="app">${APP_ICON}<h1>${e(title)}</h1><p class="sub">${e(message)}</p></div>`, "error");
}
