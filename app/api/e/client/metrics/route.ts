import { forwardFlagMetrics, metricsBody } from "@/lib/flags/metrics";
import { publicRoute } from "@/lib/http/route";

// The browser flag client's metrics ({url}/client/metrics, spec 7), passed on to Unleash.
// 202 whatever became of them: the client only logs failures (spec 8).

export const POST = publicRoute({ body: metricsBody, budget: "flags" }, async ({ body }) => {
  await forwardFlagMetrics(body);
  return new Response(null, { status: 202 });
});
