import { NextResponse } from "next/server";
import { publicRoute } from "@/lib/http/route";
import { issueXsrfCookie } from "@/lib/http/xsrf-cookie";
import { XSRF_COOKIE } from "@/lib/http/xsrf-names";

// GET /api/xsrf: issues the anti-forgery cookie when the browser has none. Public pages set no
// cookie (they stay publicly cacheable); the fetch wrapper calls this before its first write.
export const GET = publicRoute({}, async ({ req }) => {
  const response = new NextResponse(null, { status: 204 });
  if (!req.cookies.get(XSRF_COOKIE)) issueXsrfCookie(response);
  return response;
});
