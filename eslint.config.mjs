import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Layers a newcomer can trust: lib/ is the app's core and never reaches up into the UI
    // (components/, app/) or out to the fakes and demo data (emulators/, demo/); components/
    // never import pages (app/). Tests may cross layers.
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/components/**", "**/components/**", "@/app/**", "**/app/**"], message: "lib/ does not import the UI (components/, app/): move what both need into lib/." },
            { group: ["@/emulators/**", "**/emulators/**", "@/demo/**", "**/demo/**"], message: "lib/ does not import the emulators or the demo data (demo/ seeds through lib/, not the reverse)." },
          ],
        },
      ],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/app/**", "**/app/**", "!@/app/globals.css"], message: "components/ do not import pages (app/): move what both need into components/ or lib/." }] }],
    },
  },
  {
    // CommonJS files Next loads by path at run time (server/page-cache-handler.cjs) import with require().
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // DESIGN security rules: one string type for all input. Schemas take strings through
    // inputText() (lib/validation/text.ts), which refuses NUL and unpaired surrogates; a bare
    // z.string() or string format would let them through. Exempt: the type itself, the
    // environment, and data the server wrote or the platform sent (sealed cookies, API answers).
    // lib/platform/snowflake.ts is not exempt: its schemas (platformId, guildIdParams) parse input.
    files: ["app/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "lib/validation/text.ts", "lib/env.ts", "lib/platform/**", "!lib/platform/snowflake.ts", "lib/session/**", "lib/auth/login-cookie.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='z'][property.name=/^(string|iso|uuid|guid|email|url|httpUrl|hostname|emoji|base64|base64url|hex|jwt|nanoid|cuid|cuid2|ulid|ipv4|ipv6|cidrv4|cidrv6|e164|stringFormat|templateLiteral)$/]",
          message: "Build strings from inputText(), inputDateTime() or inputUuid() (lib/validation/text.ts): they refuse NUL and unpaired surrogates.",
        },
      ],
    },
  },
]);
