// Rebuilds emulators/evm/test-usd.json (ABI and bytecode) from emulators/evm/TestUSD.sol with the
// solc npm package (the compiler ships inside it: nothing is downloaded). Run after editing the
// contract: `npx tsx scripts/build-test-token.ts`. The JSON is committed, so tests and the demo
// deploy it without compiling.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import solc from "solc";

const dir = path.join(process.cwd(), "emulators", "evm");
const input = {
  language: "Solidity",
  sources: { "TestUSD.sol": { content: readFileSync(path.join(dir, "TestUSD.sol"), "utf8") } },
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "paris", outputSelection: { "*": { TestUSD: ["abi", "evm.bytecode.object"] } } },
};
const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};
const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join("\n"));
const contract = output.contracts["TestUSD.sol"]!.TestUSD!;
const artifact = { compiler: `solc ${solc.version()}`, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
writeFileSync(path.join(dir, "test-usd.json"), `${JSON.stringify(artifact, null, 2)}\n`);
console.log(`Wrote emulators/evm/test-usd.json (${solc.version()})`);
