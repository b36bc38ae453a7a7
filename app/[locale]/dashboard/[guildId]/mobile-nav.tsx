"use client";

import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";

type Props = { pages: { href: string; label: string; exact?: boolean }[]; menuLabel: string; className?: string; summaryClassName?: string; labelClassName?: string; children: React.ReactNode };

/**
 * The server menu on phones: a <details> disclosure (keyboard and screen-reader
 * friendly without script) whose summary names the current page. It closes after
 * a navigation, since the layout, and so the open menu, survives it.
 */
export function MobileNav({ pages, menuLabel, className, summaryClassName, labelClassName, children }: Props) {
  const pathname = usePathname();
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [pathname]);
  const current = pages.find((page) => pathname === page.href || (!page.exact && pathname.startsWith(`${page.href}/`)));
  return (
    <details ref={details} className={className}>
      <summary className={summaryClassName}>
        <span className="visually-hidden">{menuLabel}: </span>
        <span className={labelClassName}>{current?.label ?? menuLabel}</span>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      {children}
    </details>
  );
}
