// Tests only: starts the local EVM node (emulators/evm, a real Hardhat Network) with the test
// token deployed, points lib/env's CRYPTO_* settings at it, and gives the tests wallets of its
// funded accounts to pay with. Not imported by application code.
import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, type Address, type Hash } from "viem";
import { hardhat } from "viem/chains";
import { LOCAL_ACCOUNTS, localCryptoEnv, startEvmNode, type EvmNode } from "@/emulators/evm/node";
import { resetEnvCache } from "@/lib/env";

const ENV_KEYS = ["CRYPTO_RPC_URL", "CRYPTO_CHAIN_ID", "CRYPTO_RECIPIENT", "CRYPTO_TOKEN_ADDRESS", "CRYPTO_TOKEN_SYMBOL", "CRYPTO_TOKEN_DECIMALS", "CRYPTO_CONFIRMATIONS", "CRYPTO_DEMO_WALLET"] as const;

export type EvmHarness = {
  node: EvmNode;
  publicClient: ReturnType<typeof createPublicClient>;
  /** Sends `units` of the test token from a funded account (the demo wallet's by default) to `to`. */
  payToken(units: bigint, options?: { to?: Address; from?: Address; gas?: bigint }): Promise<Hash>;
  /** Sends native coin from a funded account. */
  payNative(units: bigint, options?: { to?: Address; from?: Address }): Promise<Hash>;
  /** Stops mining each transaction at once (true) or starts again; `mine` adds blocks. */
  automine(on: boolean): Promise<void>;
  mine(blocks?: number): Promise<void>;
  stop(): Promise<void>;
};

export async function startEvmHarness(settings: Partial<Record<(typeof ENV_KEYS)[number], string>> = {}): Promise<EvmHarness> {
  const node = await startEvmNode({ port: 0 });
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  Object.assign(process.env, { ...localCryptoEnv(node), ...settings });
  resetEnvCache();
  const transport = http(node.url);
  const publicClient = createPublicClient({ transport, chain: hardhat, pollingInterval: 50 });
  const wallet = (from: Address) => createWalletClient({ account: from, transport, chain: hardhat });
  const testClient = createTestClient({ mode: "hardhat", transport, chain: hardhat });
  return {
    node,
    publicClient,
    payToken: (units, options = {}) =>
      wallet(options.from ?? LOCAL_ACCOUNTS.demoWallet).writeContract({
        address: node.tokenAddress,
        abi: erc20Abi,
        functionName: "transfer",
        args: [options.to ?? LOCAL_ACCOUNTS.merchant, units],
        ...(options.gas ? { gas: options.gas } : {}),
      }),
    payNative: (units, options = {}) => wallet(options.from ?? LOCAL_ACCOUNTS.demoWallet).sendTransaction({ to: options.to ?? LOCAL_ACCOUNTS.merchant, value: units }),
    async automine(on) {
      await testClient.setAutomine(on);
    },
    async mine(blocks = 1) {
      await testClient.mine({ blocks });
    },
    async stop() {
      await node.close();
      for (const key of ENV_KEYS) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetEnvCache();
    },
  };
}
