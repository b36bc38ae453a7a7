import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { requireGuildAccess } from "@/lib/guilds/access";
import { userRoute } from "@/lib/http/route";
import { clientMessage, OP } from "@/lib/realtime/opcodes";
import { sendToStream } from "@/lib/realtime/hub";

// POST /api/realtime/messages: what a tab says to its stream (IDENTIFY, HEARTBEAT), with the session
// cookie and the XSRF header like every write. The stream may be open on another instance: the
// message goes through the hub, and the stream answers on itself (HEARTBEAT_ACK, READY). A tab
// identifies with a guild only when its user manages it (the same check as every guild call).
export const POST = userRoute({ body: clientMessage, budget: "realtime" }, async ({ session, body }) => {
  if (body.op === OP.IDENTIFY && body.d.guild_id) await requireGuildAccess(await getDb(), session, body.d.guild_id);
  await sendToStream(body.d.stream_id, session.sid, body);
  return NextResponse.json({ accepted: true }, { status: 202 });
});
