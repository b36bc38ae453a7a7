import "server-only";

import { Routes, type RESTGetAPICurrentUserResult, type RESTGetCurrentApplicationResult, type RESTPatchAPICurrentUserResult } from "discord-api-types/v10";

import { customBotGet, customBotPatch } from "./rest";

// Calls made with a custom bot's own token (lib/custom-bot/): who the token is, its application,
// and its avatar. Never cached: each answer says whether the token still works.

/** The bot user the token signs in as (`GET /users/@me`). Throws PlatformError. */
export function getCustomBotUser(botToken: string): Promise<RESTGetAPICurrentUserResult> {
  return customBotGet<RESTGetAPICurrentUserResult>(botToken, Routes.user());
}

/** The application the token belongs to (`GET /applications/@me`). Throws PlatformError. */
export function getCustomBotApplication(botToken: string): Promise<RESTGetCurrentApplicationResult> {
  return customBotGet<RESTGetCurrentApplicationResult>(botToken, Routes.currentApplication());
}

/** Sets the bot's avatar (`PATCH /users/@me`, a data URI); the platform limits how often (429). Throws PlatformError. */
export function setCustomBotAvatar(botToken: string, avatar: string): Promise<RESTPatchAPICurrentUserResult> {
  return customBotPatch<RESTPatchAPICurrentUserResult>(botToken, Routes.user(), { body: { avatar } });
}
