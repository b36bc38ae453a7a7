// Rebuilds the local node's contracts (ABI and bytecode) from their sources in emulators/evm with
// the solc npm package (the compiler ships inside it: nothing is downloaded): TestUSD.sol into
// test-usd.json, TestAvatars.sol into test-avatars.json. Run after editing a contract:
// `npx tsx scripts/build-test-contracts.ts`. The JSON is committed, so tests and the demo
// deploy it without compiling.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import solc from "solc";

const dir = path.join(process.cwd(), "emulators", "evm");
const CONTRACTS = [
  { name: "TestUSD", artifact: "test-usd.json" },
  { name: "TestAvatars", artifact: "test-avatars.json" },
] as const;

for (const { name, artifact: file } of CONTRACTS) {
  const input = {
    language: "Solidity",
    sources: { [`${name}.sol`]: { content: readFileSync(path.join(dir, `${name}.sol`), "utf8") } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "paris", outputSelection: { "*": { [name]: ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join("\n"));
  const contract = output.contracts[`${name}.sol`]![name]!;
  const artifact = { compiler: `solc ${solc.version()}`, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  writeFileSync(path.join(dir, file), `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`Wrote emulators/evm/${file} (${solc.version()})`);
}
