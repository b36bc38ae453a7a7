import "server-only";
import { createPublicClient, http, type PublicClient } from "viem";
import type { CryptoSettings } from "@/lib/env";

// One viem client per configured node, reused across requests (it keeps no per-user state).
const clients = new Map<string, PublicClient>();

export function chainClient(settings: CryptoSettings): PublicClient {
  let client = clients.get(settings.rpcUrl);
  if (!client) clients.set(settings.rpcUrl, (client = createPublicClient({ transport: http(settings.rpcUrl, { retryCount: 1, timeout: 10_000 }) })));
  return client;
}
