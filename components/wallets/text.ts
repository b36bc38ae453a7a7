// The account page's wallet islands' strings (messages/<locale>.json "wallets"); {placeholders} are filled in the browser.
export const WALLETS_KEYS = [
  "title", "intro", "statement", "loading", "loadFailed", "retry", "none", "count", "linkBrowser", "noBrowserWallet", "linkDemo", "demoNote", "connecting", "linking",
  "linked", "rejected", "wrongChain", "walletFailed", "unavailable", "linkedAt", "unlink", "unlinkTitle", "unlinkDescription", "unlinkConfirm", "back", "unlinking", "unlinked",
] as const;
export type WalletsText = Record<(typeof WALLETS_KEYS)[number], string>;

export const TRANSACTIONS_KEYS = [
  "title", "intro", "loading", "loadFailed", "retry", "empty", "show", "all", "pending", "paid", "expired", "sort", "newest", "oldest", "largest", "smallest",
  "date", "plan", "amount", "status", "hash", "previous", "next", "range", "polling",
] as const;
export type TransactionsText = Record<(typeof TRANSACTIONS_KEYS)[number], string>;
