"use client";

import { useEffect, useRef, useState } from "react";
import { usePathname } from "next/navigation";

type Props = { pages: { href: string; label: string; exact?: boolean }[]; menuLabel: string; controls: string; className?: string; labelClassName?: string };

/**
 * On phones the guild menu folds into the bar above the content: this button,
 * naming the current page, opens and closes it (data-open on the sidebar; the CSS
 * shows the menu). One menu serves both layouts, so it is rendered only once.
 */
export function MenuToggle({ pages, menuLabel, controls, className, labelClassName }: Props) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [seenPath, setSeenPath] = useState(pathname);
  const button = useRef<HTMLButtonElement>(null);

  // A new page (a link of the menu was followed) closes the menu.
  if (pathname !== seenPath) {
    setSeenPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    const sidebar = button.current?.closest("aside");
    if (sidebar) sidebar.dataset.open = String(open);
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const current = pages.find((page) => pathname === page.href || (!page.exact && pathname.startsWith(`${page.href}/`)));
  return (
    <button ref={button} type="button" className={className} aria-expanded={open} aria-controls={controls} onClick={() => setOpen(!open)}>
      <span className="visually-hidden">{menuLabel}: </span>
      <span className={labelClassName}>{current?.label ?? menuLabel}</span>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="m6 9 6 6 6-6" />
      </svg>
    </button>
  );
}
