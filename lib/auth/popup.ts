// Popup windows of spec 2 and 9 and the messages they send back to their opener. Browser-only helpers.

export const POPUP_SIZE = {
  login: { width: 800, height: 777 },
  addBot: { width: 800, height: 777 },
  social: { width: 500, height: 777 },
} as const;

export const LOGIN_MESSAGE_TYPE = "login";
export const GUILD_OAUTH_MESSAGE_TYPE = "guild-oauth";
export const GUILD_OAUTH_CLOSE_DELAY_MS = 500;

export type LoginMessage = { type: typeof LOGIN_MESSAGE_TYPE; redirect: string };
export type GuildOAuthMessage = { type: typeof GUILD_OAUTH_MESSAGE_TYPE; guildID: string | null; targetPath: string | null };

export function openCenteredPopup(url: string, name: string, size: { width: number; height: number }): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - size.width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - size.height) / 2);
  return window.open(url, name, `popup=yes,width=${size.width},height=${size.height},left=${left},top=${top}`);
}
