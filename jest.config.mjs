import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// next-intl and its ICU dependencies ship ESM only, so jest must transform them.
const esmPackages = "next-intl|use-intl|intl-messageformat|@formatjs|@schummar|icu-minify";

/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
  setupFiles: ["<rootDir>/test/setup-env.ts"],
  setupFilesAfterEnv: ["<rootDir>/test/after-env.ts"],
  testMatch: ["<rootDir>/**/*.test.ts", "<rootDir>/**/*.test.tsx"],
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/e2e/", "/.data/"],
  modulePathIgnorePatterns: ["<rootDir>/.next/", "<rootDir>/.data/"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1", "^server-only$": "<rootDir>/test/empty-module.ts" },
  testTimeout: 20000,
};

export default async () => {
  const resolved = await createJestConfig(config)();
  return { ...resolved, transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`] };
};
