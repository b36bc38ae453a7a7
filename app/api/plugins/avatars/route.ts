import { z } from "zod";
import { userRoute } from "@/lib/http/route";
import { proxiedAvatar } from "@/lib/providers/avatars";
import { inputText } from "@/lib/validation/text";

const query = z.object({ u: inputText().max(2048), s: inputText().max(64) });

// GET /api/plugins/avatars?u=&s=: a provider's avatar (lib/providers/avatars.ts), for the source picker and linked accounts.
export const GET = userRoute({ query, budget: "reads" }, async ({ query }) => {
  const image = await proxiedAvatar(query.u, query.s);
  return new Response(Buffer.from(image), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "private, max-age=86400", "X-Content-Type-Options": "nosniff" },
  });
});
