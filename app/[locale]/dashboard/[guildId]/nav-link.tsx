"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { LinkPending } from "@/components/link-pending";
import { relativeHref } from "./relative-href";

/** A sidebar link that marks itself as the current page; plugin links stay current on their sub-pages. */
export function NavLink({ href, exact, className, children }: { href: string; exact?: boolean; className?: string; children: React.ReactNode }) {
  const pathname = usePathname();
  const current = pathname === href || (!exact && pathname.startsWith(`${href}/`));
  return (
    // No viewport prefetch: the sidebar holds ~40 links; hovering still prefetches.
    <Link href={relativeHref(pathname, href)} className={className} aria-current={current ? "page" : undefined} prefetch={false}>
      {children}
      <LinkPending />
    </Link>
  );
}
