import path from "node:path";
import { fileURLToPath } from "node:url";
import jestConfig from "../../jest.config.mjs";

// The multi-instance test alone (the main config leaves it out): it starts the production build
// as `npm start -- --instances 2` does, so scripts/test.sh runs it after Playwright has built.
// One file, one worker: it starts a dozen processes on fixed ports.
export default async function multiInstanceConfig() {
  const base = await jestConfig();
  return {
    ...base,
    rootDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."),
    testMatch: ["<rootDir>/test/multi-instance/**/*.test.ts"],
    testPathIgnorePatterns: ["/node_modules/", "/.next/", "/.data/"],
    maxWorkers: 1,
  };
}
