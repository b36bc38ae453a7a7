// The account that consents on each provider's page of the fake: Ada, as she is known on
// Twitch, X and TikTok. Avatars are data: URIs so the dashboard (images from its own origin
// and the platform's CDN only) can show them.

const avatar = (letter: string, color: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="48" fill="${color}"/><text x="48" y="62" font-size="44" font-family="sans-serif" text-anchor="middle" fill="#fff">${letter}</text></svg>`)}`;

export const FAKE_ACCOUNTS = {
  twitch: { id: "141981764", login: "adacodes", display_name: "AdaCodes", profile_image_url: avatar("A", "#9146ff") },
  twitter: { id: "1580661436132757506", username: "ada_lovelace", name: "Ada Lovelace", profile_image_url: avatar("A", "#1d9bf0") },
  tiktok: { open_id: "-000ZRsLo3Rr6Qh9nPDk5YPyLWxTlNzfdn8u", union_id: "c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1", username: "ada_plays", display_name: "Ada Plays", avatar_url: avatar("A", "#fe2c55") },
} as const;

export { FAKE_CLIENT } from "../credentials";
