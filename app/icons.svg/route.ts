import { ICON_SPRITE_SVG } from "@/lib/icons/plugin-icons";

// GET /icons.svg: the plugin icon sprite (lib/icons/plugin-icons.ts). Pages refer to it with a
// content hash in the query, so it is cached for a year; built once, at build time.
export const dynamic = "force-static";

export function GET() {
  return new Response(ICON_SPRITE_SVG, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
