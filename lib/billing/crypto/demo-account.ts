import type { Address } from "viem";

/**
 * The DEMO wallet: Hardhat's default account #2, publicly known and funded with test tokens
 * only on the local node npm start runs (emulators/evm/node.ts). Never a real wallet.
 */
export const DEMO_WALLET_ADDRESS: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

/** EIP-1193's answer: the result, or the error a wallet gives (4001 refused, 4902 unknown chain…). */
export type DemoWalletAnswer = { result: unknown } | { error: { code: number; message: string } };
