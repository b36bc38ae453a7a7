// The island's strings (messages/<locale>.json "cryptoCheckout"); {placeholders} are filled in the browser.
export const CRYPTO_CHECKOUT_KEYS = [
  "title", "start", "quoting", "amount", "network", "recipient", "expires",
  "connectWallet", "noWallet", "demoWallet", "demoNote", "connecting", "opening", "payer", "exactAmount", "signature", "sent", "viewTx", "confirming",
  "credited", "rejected", "wrongChain", "walletFailed", "confirmTimeout", "checkAgain", "retry", "unavailable",
] as const;

export type CryptoCheckoutText = Record<(typeof CRYPTO_CHECKOUT_KEYS)[number], string>;
