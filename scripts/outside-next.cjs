// Preloaded (`node --require`) by the scripts that run server modules outside Next (the
// worker, the jobs list): `server-only` throws unless a bundler resolves it for the server,
// which these processes are. Registered as an empty module before anything requires it.
const resolved = require.resolve("server-only");
require.cache[resolved] = { id: resolved, filename: resolved, loaded: true, exports: {} };
