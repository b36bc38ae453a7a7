// Tests only: starts the local EVM node (emulators/evm, a real Hardhat Network) with the test
// token deployed, points lib/env's CRYPTO_* settings at it, and gives the tests wallets of its
// funded accounts to pay with. Not imported by application code.
import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, type Address, type Hash, type Hex } from "viem";
import { hardhat } from "viem/chains";
import { LOCAL_ACCOUNTS, localCryptoEnv, startEvmNode, type EvmNode } from "@/emulators/evm/node";
import { resetEnvCache } from "@/lib/env";

/**
 * The private keys of Hardhat's default accounts #0-#4 (mnemonic "test test … junk"; #0-#3 are
 * LOCAL_ACCOUNTS): public test keys, for signing as those accounts (Sign-In with Ethereum).
 */
export const LOCAL_KEYS = {
  deployer: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  merchant: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  demoWallet: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  stranger: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  spare: "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
} as const satisfies Record<string, Hex>;

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
