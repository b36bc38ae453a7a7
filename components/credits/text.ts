import type { AD_CATEGORIES } from "@/lib/plugins/credits/definition";
import type { CreditReason } from "@/lib/credits/ledger";

/** The Credits page's words (messages: creditsPanel); {cost}, {balance} filled by the island. */
export type CreditsText = {
  title: string;
  intro: string;
  balance: string;
  buy: { button: string; busy: string; thanks: string; cancelled: string };
  ad: { title: string; intro: string; channel: string; category: string; adTitle: string; text: string; submit: string; busy: string; done: string; noChannel: string };
  categories: Record<(typeof AD_CATEGORIES)[number], string>;
  ledger: { title: string; empty: string; older: string; loading: string; when: string; amount: string; reason: string; note: string };
  reasons: Record<CreditReason, string>;
  failed: string;
};

export const CREDITS_TEXT_KEYS = ["title", "intro", "balance", "buy", "ad", "categories", "ledger", "reasons", "failed"] as const satisfies ReadonlyArray<keyof CreditsText>;
