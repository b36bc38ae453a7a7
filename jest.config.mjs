import nextJest from "next/jest.js";

// Next checks the lockfile for every platform's SWC binary; npm 11 records only this one's.
process.env.NEXT_IGNORE_INCORRECT_LOCKFILE ??= "1";

const createJestConfig = nextJest({ dir: "./" });

// next-intl and its ICU dependencies ship ESM only, so jest must transform them.
const esmPackages = "next-intl|use-intl|intl-messageformat|@formatjs|@schummar|icu-minify|pg-boss|serialize-error|non-error|rrule-temporal|temporal-spec";

/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
  globalSetup: "<rootDir>/test/pglite-template.mjs",
  setupFiles: ["<rootDir>/test/setup-env.ts"],
  setupFilesAfterEnv: ["<rootDir>/test/after-env.ts"],
  testMatch: ["<rootDir>/**/*.test.ts", "<rootDir>/**/*.test.tsx"],
  // test/multi-instance/ runs the production build in several processes: its own config, after Playwright (scripts/test.sh).
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/e2e/", "/.data/", "/test/multi-instance/"],
  modulePathIgnorePatterns: ["<rootDir>/.next/", "<rootDir>/.data/"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1", "^server-only$": "<rootDir>/test/empty-module.ts" },
  // Generous: a set-up that opens PGlite and migrates, or starts fakes, can take 20 s on a
  // loaded 2-core machine. Tests assert outcomes, never durations (benchmarks live in bench/).
  testTimeout: 60000,
  // Jest 30 "soft" deletes what a test file left on the global object by turning its properties
  // into accessors whose setter re-enters itself; an object shared across files (a library's
  // global carrier) then overflows the stack on its next write in a later file (CI, stop 28).
  testEnvironmentOptions: { globalsCleanup: "off" },
};

async function jestConfig() {
  const resolved = await createJestConfig(config)();
  return { ...resolved, transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`] };
}

export default jestConfig;
