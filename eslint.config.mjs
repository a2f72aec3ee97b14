// ESLint flat config (docs/dependencies.md § Lint and format). Formatting is Prettier's job
// (.prettierrc.json); this file holds the rules that keep the architecture honest
// (docs/architecture.md): `src/domain` is pure, the data has one door (`ctx.store`), pages do not
// reach past the services.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** What `src/domain` may not import: frameworks, the database, Node built-ins, services. */
const impureImports = [
  { group: ["next", "next/*"], message: "src/domain is pure: no Next.js. Move this to app/ or src/server." },
  {
    group: ["react", "react-dom", "react/*"],
    message: "src/domain is pure: no React. Shape data here; draw it in src/components.",
  },
  {
    group: ["better-sqlite3", "drizzle-orm", "drizzle-orm/*", "pg", "pg-cursor", "@db/*", "**/db/*"],
    message: "src/domain is pure: no database. Services in src/server read and write.",
  },
  {
    group: ["node:*"],
    message: "src/domain is pure: no Node built-ins, so it runs anywhere (tests, workers, the phone).",
  },
  {
    group: ["@/server/*", "**/server/*", "server-only"],
    message: "src/domain must not depend on services; services depend on the domain.",
  },
];
const nodeBuiltins = [
  "fs",
  "path",
  "os",
  "crypto",
  "child_process",
  "http",
  "https",
  "net",
  "url",
  "util",
  "stream",
  "worker_threads",
  "zlib",
  "events",
  "buffer",
];

/**
 * The one door (DESIGN.md § Storage): only src/server/store, db/, scripts/ and tests/ load a driver,
 * drizzle or db/; everything else reaches the data through `ctx.store`.
 */
const STORAGE = String.raw`^(better-sqlite3|pg|pg-cursor|drizzle-orm)(/.*)?$|^(@db|(\.{1,2}/)+db)/`;
const oneDoor =
  "The data has one door: read through ctx.store (store.sql for rows, store.facts() for analytics) and, if the store lacks what you need, add a method to src/server/store/types.ts for both engines.";
const storageImports = [
  { regex: STORAGE, message: oneDoor },
  {
    // An engine's adapter, and what it exports for SQLite-only tools, is the store's own.
    regex: "(^|/)store/(sqlite|pg)(/|$)",
    message: "Services see the store's interface (ctx.store, src/server/store/types.ts), not an engine's adapter.",
  },
];
/** A selector's regex ends at its first `/`, so there each `/` is written `\x2F`. */
const inSelector = (regex) => regex.replaceAll("/", String.raw`\x2F`);
/** The same for `import()` and `require()`, which no-restricted-imports does not see. */
const storageLoads = [
  { selector: `ImportExpression[source.value=/${inSelector(STORAGE)}/]`, message: oneDoor },
  { selector: `CallExpression[callee.name='require'][arguments.0.value=/${inSelector(STORAGE)}/]`, message: oneDoor },
];

/** What `src/domain` may not call: the clock, chance, the environment. Take them as arguments. */
const impureCalls = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: "src/domain takes `now` as an argument; Date.now() makes results depend on when they ran.",
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: "src/domain takes `now` as an argument; new Date() reads the clock.",
  },
  {
    selector: "MemberExpression[object.name='Math'][property.name='random']",
    message: "src/domain takes a seeded generator (pure-rand); Math.random() is not reproducible.",
  },
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message: "src/domain takes settings as arguments; process.env belongs to the edges (scripts, server).",
  },
  {
    selector: "MemberExpression[object.name='performance'][property.name='now']",
    message: "src/domain takes time as an argument; performance.now() reads the clock.",
  },
];

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "db/migrations/**",
      "**/dist/**",
      "next-env.d.ts",
      "scripts/bench/minimal-next/.next/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: {
        console: "readonly",
        process: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        URLSearchParams: "readonly",
        fetch: "readonly",
        Request: "readonly",
        Response: "readonly",
        Headers: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        setImmediate: "readonly",
        queueMicrotask: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
        structuredClone: "readonly",
        performance: "readonly",
        globalThis: "readonly",
        __dirname: "readonly",
        __filename: "readonly",
        require: "readonly",
        module: "writable",
        window: "readonly",
        document: "readonly",
        navigator: "readonly",
        localStorage: "readonly",
        location: "readonly",
        HTMLElement: "readonly",
        ReadableStream: "readonly",
        WritableStream: "readonly",
        TransformStream: "readonly",
        Blob: "readonly",
        File: "readonly",
        FormData: "readonly",
      },
    },
    rules: {
      // TypeScript checks these itself (tsc --noEmit runs in `npm test` through `next build`).
      "no-undef": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/no-explicit-any": "error",
      "no-empty": ["error", { allowEmptyCatch: true }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "prefer-const": "error",
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts,mjs,js}"],
    ignores: ["src/server/store/**", "db/**", "scripts/**", "tests/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: storageImports }],
      "no-restricted-syntax": ["error", ...storageLoads],
    },
  },
  {
    // The store's maker: the one file outside it that builds an engine's adapter.
    files: ["src/server/context.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: storageImports.slice(0, 1) }] },
  },
  {
    // Every page here is rendered per request: a Link that prefetches in view asks the server to
    // render its page (the nav bar alone is ten; /analytics at 100k runs fired 55 renders on
    // load, which the next page's request then queued behind). Prefetching is off everywhere.
    files: ["app/**/*.tsx", "src/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='Link']:not(:has(JSXAttribute[name.name='prefetch']))",
          message:
            "Give every <Link> prefetch={false}: the pages are dynamic, and viewport prefetches render them on the server.",
        },
        ...storageLoads,
      ],
    },
  },
  {
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: nodeBuiltins.map((name) => ({ name, message: "src/domain is pure: no Node built-ins." })),
          patterns: impureImports,
        },
      ],
      "no-restricted-syntax": ["error", ...impureCalls, ...storageLoads],
    },
  },
  {
    files: ["tests/**/*.ts", "scripts/**/*.{ts,mjs}"],
    rules: {
      // Test doubles and fixtures legitimately poke at loosely typed bodies.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
);
