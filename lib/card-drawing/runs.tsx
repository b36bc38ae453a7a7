import type { ReactElement } from "react";
import type { TextRun } from "./script-text";

// Text and emoji pictures in a row, as the cards draw a line of script-text.ts (satori draws
// components returning one element only: this is a plain function, not a component).

/** One element per run; emoji pictures `size` px square, with a little room on each side. */
export function runElements(runs: readonly TextRun[], size: number): ReactElement[] {
  return runs.map((run, index) =>
    run.kind === "text" ? (
      <span key={index} style={{ whiteSpace: "pre" }}>
        {run.text}
      </span>
    ) : (
      // eslint-disable-next-line @next/next/no-img-element -- satori draws <img>, not next/image
      <img key={index} src={run.image} width={size} height={size} alt="" style={{ width: size, height: size, margin: `0 ${Math.round(size * 0.06)}px` }} />
    ),
  );
}

/** The text a line draws with fonts (emoji are pictures), for choosing the font pieces to load. */
export function runsText(runs: readonly TextRun[]): string {
  return runs.map((run) => (run.kind === "text" ? run.text : "")).join("");
}

const ARABIC = /\p{Script=Arabic}/u;

/** Whether the runs hold letters that join (Arabic): letter spacing would pull them apart. */
export function joinsLetters(runs: readonly TextRun[]): boolean {
  return ARABIC.test(runsText(runs));
}
