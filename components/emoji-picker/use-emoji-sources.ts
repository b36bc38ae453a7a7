"use client";

import useSWR from "swr";
import { z } from "zod/mini";
import { apiFetch } from "@/lib/http/client-fetch";
import { emojiDataSchema } from "./data-format";
import { unicodeEntries } from "./entries";
import type { GuildEmoji } from "./types";

// Where the picker's lists come from, each fetched once per page however many pickers open
// (SWR shares them by key) and parsed, since they arrive over the network. A failure is shown
// with a retry button rather than retried behind the user's back.

const ONCE = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false, shouldRetryOnError: false } as const;

async function loadUnicode(url: string) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`emoji data: HTTP ${response.status}`);
  return unicodeEntries(emojiDataSchema.parse(await response.json()));
}

/** The unicode emoji of the page's language, by group (immutable: one download per URL). */
export function useUnicodeEmojis(dataUrl: string) {
  return useSWR(dataUrl, loadUnicode, ONCE);
}

const guildEmojisSchema = z.object({
  emojis: z.array(z.object({ id: z.string().check(z.regex(/^\d{17,20}$/)), name: z.string(), animated: z.boolean(), available: z.boolean() })),
});

async function loadCustom([, guildId]: readonly [string, string]): Promise<GuildEmoji[]> {
  // Silent: the picker says it failed and offers a retry; no error modal over the form.
  return guildEmojisSchema.parse(await apiFetch<unknown>(`/guilds/${guildId}/emojis`, { silent: true })).emojis;
}

/** The guild's custom emojis (GET /api/guilds/{id}/emojis), asked for when a picker first opens. */
export function useCustomEmojis(guildId: string) {
  return useSWR(["emoji-picker/custom", guildId] as const, loadCustom, ONCE);
}
