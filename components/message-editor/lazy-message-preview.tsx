"use client";

import { lazy, type ComponentProps } from "react";
import { AfterHydration } from "@/components/after-hydration";
import { PreviewFrame } from "./preview-frame";
import type { MessagePreview } from "./message-preview";

// The preview's markdown drawing (the parser, the platform's rules, mention pills: ~8 KB gzip)
// is not needed to make a settings page interactive: it loads once the page is hydrated, and
// the server draws only the preview's frame (less HTML, a cheaper first render). Until then the
// frame says it is busy; the text box works at once.
const Preview = lazy(() => import("./message-preview").then((module) => ({ default: module.MessagePreview })));

type Props = ComponentProps<typeof MessagePreview>;

export function LazyMessagePreview(props: Props) {
  const frame = <PreviewFrame caption={props.labels.preview} testId={props.testId ?? "message-preview"} busy />;
  return (
    <AfterHydration fallback={frame}>
      <Preview {...props} />
    </AfterHydration>
  );
}
