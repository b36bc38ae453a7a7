import { notFound } from "next/navigation";
import { isSnowflake } from "@/lib/platform/snowflake";
import { RefreshAfterWrites } from "./refresh-after-writes";

type Props = { children: React.ReactNode; params: Promise<{ guildId: string }> };

// No guild is rendered at build time; each overview is rendered on first visit and then
// served from the page cache (see the overview page). Middleware decides who may see it.
export function generateStaticParams() {
  return [];
}

// Holds no guild data: each page draws the guild's frame (guild-frame.tsx) once it may.
export default async function GuildLayout({ children, params }: Props) {
  const { guildId } = await params;
  if (!isSnowflake(guildId)) notFound();
  return (
    <>
      <RefreshAfterWrites guildId={guildId} />
      {children}
    </>
  );
}
