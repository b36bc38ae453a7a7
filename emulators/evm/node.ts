// A real local EVM node (Hardhat Network 2.x, installed by the project) on loopback, for tests and
// the demo: it is started as a child process from the project's own hardhat package (nothing is
// downloaded: the contracts are deployed from the committed artifacts test-usd.json and
// test-avatars.json), then the payer accounts are funded and given a few test NFTs. Its accounts are Hardhat's well-known,
// unlocked test accounts: never use them anywhere but this node.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { createPublicClient, createTestClient, createWalletClient, http, parseAbi, type Abi, type Address, type Hex } from "viem";
import { hardhat } from "viem/chains";
import { DEMO_WALLET_ADDRESS } from "../../lib/billing/crypto/demo-account";
import avatarsArtifact from "./test-avatars.json";
import artifact from "./test-usd.json";

/** Hardhat Network's default chain id (emulators/evm/hardhat.config.cjs). */
export const LOCAL_CHAIN_ID = hardhat.id;
/** Hardhat's default accounts #0-#3 (mnemonic "test test … junk"): deployer, merchant, demo wallet, another payer. */
export const LOCAL_ACCOUNTS = {
  deployer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  merchant: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  demoWallet: DEMO_WALLET_ADDRESS,
  stranger: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
} as const satisfies Record<string, Address>;
export const TEST_TOKEN = { symbol: "tUSD", decimals: 6 } as const;
/** What each payer account holds after start: 100 000 tUSD. */
export const FUNDED_UNITS = 100_000n * 10n ** 6n;

const MINT_ABI = parseAbi(["function mint(address to, uint256 value)"]);
const NFT_MINT_ABI = parseAbi(["function mint(address to, uint256 tokenId)"]);

/** The test NFTs (TestAvatars.sol) each account holds after start: the DEMO wallet #1-#3, the stranger #4-#5. */
export const TEST_NFTS = { demoWallet: [1n, 2n, 3n], stranger: [4n, 5n] } as const;

export type EvmNode = { url: string; chainId: number; tokenAddress: Address; nftAddress: Address; close(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the node on `port` (0: a free one), deploys the test token and funds the payers. */
export async function startEvmNode(options: { port?: number } = {}): Promise<EvmNode> {
  const port = options.port || (await freePort());
  const cli = require.resolve("hardhat/internal/cli/cli.js");
  const config = path.join(process.cwd(), "emulators", "evm", "hardhat.config.cjs");
  const child = spawn(process.execPath, [cli, "node", "--hostname", "127.0.0.1", "--port", String(port), "--config", config], {
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Started HTTP")) {
        child.stdout.off("data", onData);
        child.stdout.resume();
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the local EVM node exited (${code}) before it started:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  try {
    const tokenAddress = await deployTestToken(url);
    const nftAddress = await deployTestAvatars(url);
    return { url, chainId: LOCAL_CHAIN_ID, tokenAddress, nftAddress, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function deployTestToken(url: string): Promise<Address> {
  const transport = http(url);
  const publicClient = createPublicClient({ transport });
  const wallet = createWalletClient({ account: LOCAL_ACCOUNTS.deployer, transport, chain: hardhat });
  const deployHash = await wallet.deployContract({ abi: artifact.abi as Abi, bytecode: artifact.bytecode as Hex });
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 50 });
  if (!contractAddress) throw new Error("the test token was not deployed");
  // A fresh chain replays the same nonces, so the same payment after a restart would have the
  // same hash as one a kept database already credited: payers start at a nonce of this second.
  const testClient = createTestClient({ mode: "hardhat", transport, chain: hardhat });
  const nonce = Math.floor(Date.now() / 1000);
  for (const payer of [LOCAL_ACCOUNTS.demoWallet, LOCAL_ACCOUNTS.stranger]) {
    await testClient.setNonce({ address: payer, nonce });
    const hash = await wallet.writeContract({ address: contractAddress, abi: MINT_ABI, functionName: "mint", args: [payer, FUNDED_UNITS] });
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  }
  return contractAddress;
}

/** Deploys the test NFT collection and mints TEST_NFTS to their holders. */
async function deployTestAvatars(url: string): Promise<Address> {
  const transport = http(url);
  const publicClient = createPublicClient({ transport });
  const wallet = createWalletClient({ account: LOCAL_ACCOUNTS.deployer, transport, chain: hardhat });
  const deployHash = await wallet.deployContract({ abi: avatarsArtifact.abi as Abi, bytecode: avatarsArtifact.bytecode as Hex });
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 50 });
  if (!contractAddress) throw new Error("the test NFT collection was not deployed");
  for (const [holder, ids] of [[LOCAL_ACCOUNTS.demoWallet, TEST_NFTS.demoWallet], [LOCAL_ACCOUNTS.stranger, TEST_NFTS.stranger]] as const) {
    for (const id of ids) {
      const hash = await wallet.writeContract({ address: contractAddress, abi: NFT_MINT_ABI, functionName: "mint", args: [holder, id] });
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    }
  }
  return contractAddress;
}

/** The app's crypto settings (lib/env.ts CRYPTO_*) for a local node: its test token, one confirmation, the DEMO wallet. */
export function localCryptoEnv(node: EvmNode): Record<string, string> {
  return {
    CRYPTO_RPC_URL: node.url,
    CRYPTO_CHAIN_ID: String(node.chainId),
    CRYPTO_RECIPIENT: LOCAL_ACCOUNTS.merchant,
    CRYPTO_TOKEN_ADDRESS: node.tokenAddress,
    CRYPTO_TOKEN_SYMBOL: TEST_TOKEN.symbol,
    CRYPTO_TOKEN_DECIMALS: String(TEST_TOKEN.decimals),
    CRYPTO_CONFIRMATIONS: "1",
    CRYPTO_DEMO_WALLET: "1",
  };
}
