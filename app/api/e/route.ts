import { contextBody, contextQuery } from "@/lib/flags/context-input";
import { togglesAnswer } from "@/lib/flags/frontend-api";
import { publicRoute } from "@/lib/http/route";

// The feature-flag frontend API (spec 7: GET with the context in the query, POST with a JSON
// body field `context`; lib/flags/frontend-api.ts). Open to visitors who are not signed in;
// a guild in the context needs its manager.

export const GET = publicRoute({ query: contextQuery, budget: "flags" }, ({ req, session, query }) => togglesAnswer(req, session, query));

export const POST = publicRoute({ body: contextBody, budget: "flags" }, ({ req, session, body }) => togglesAnswer(req, session, body.context ?? {}));
