// Next's page cache handler, as next.config.ts names it. Next loads it by path with import() at
// every request: this plain CommonJS file (no loader hook runs for it again once loaded) hands
// over the handler, written in TypeScript (page-cache-handler.ts) and compiled by tsx's
// CommonJS hook, under which the production server runs (scripts/start.ts).
"use strict";

module.exports = require("./page-cache-handler.ts").default;
