import { Fragment, type ReactNode } from "react";

/**
 * Fills `{name}` placeholders with nodes, each value in a <bdi> so a left-to-right zone name or
 * date keeps its own direction inside a right-to-left sentence (and the reverse).
 */
export function fillNodes(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((part, index) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    return key !== undefined && key in values ? <bdi key={index}>{values[key]}</bdi> : <Fragment key={index}>{part}</Fragment>;
  });
}
