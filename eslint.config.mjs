// ESLint for every JavaScript file we write (scripts/test.sh runs it next to ruff; a finding
// fails the test command). ESLint's recommended rules, plus the globals of the place each file
// runs in: the page (web/), the service worker (web/sw.js), Node (bench/, sitebuild/, this file).
// Nothing here ships: the site gets only web/ and the vendored runtime (sitebuild/ship.py).
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: ["node_modules/", "dist/", "dist-*/", ".dist-*/", "artifacts/"],
  },
  js.configs.recommended,
  {
    // Our own rules on top of the recommended set, for every file.
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    // The page's modules (index.html and embed.html load them as <script type="module">).
    files: ["web/**/*.js"],
    ignores: ["web/sw.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    // Classic scripts: early.js, and store.js before it, are inlined into the page before any
    // module (sitebuild/pages.py).
    files: ["web/js/early.js", "web/js/store.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    // The service worker: a classic script in the ServiceWorkerGlobalScope, no DOM.
    files: ["web/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    // Command-line scripts run by Node: benchmarks and the build's bytecode compiler.
    files: ["**/*.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
  {
    // Scripts the browser tests put in the page: the other engines' probe, the geometry check.
    files: ["tools/engine_probe.js", "e2e/*.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    // The Firefox suite runs in Node, and hands functions to the page (page.evaluate): both.
    files: ["e2e/firefox_smoke.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node, ...globals.browser } },
  },
];
