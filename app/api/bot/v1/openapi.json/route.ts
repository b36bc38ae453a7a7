import { NextResponse } from "next/server";
import { botApiDocument } from "@/lib/bot-contract/openapi";

// GET /api/bot/v1/openapi.json: the bot API's OpenAPI description. Open to anyone: it describes, it holds no data.
export async function GET(): Promise<Response> {
  return NextResponse.json(botApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
