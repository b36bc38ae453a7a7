/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { BarChart, niceMax } from "./bar-chart";

// The server-drawn bar chart: a round top for the y axis, labelled ticks and axes inside the
// drawing, one bar per day and series (none taller than the plot), named for screen readers.

const days = Array.from({ length: 30 }, (_, index) => `2026-11-${String(index + 1).padStart(2, "0")}`);

it("rounds the y axis up to 1, 2 or 5 times a power of ten", () => {
  expect([0, 1, 3, 7, 10, 11, 42, 180, 999].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 200, 1000]);
});

it("draws a bar per day and series within the plot, labelled axes inside the drawing, and a name for screen readers", () => {
  const joins = days.map((_, index) => index);
  const leaves = days.map((_, index) => (index % 3 === 0 ? 2 : 0));
  render(
    <BarChart
      id="members"
      title="Members joined and left per day"
      summary="Joined: 435 · Left: 20 (last 30 days)"
      days={days}
      dayLabels={days.map((day) => day.slice(8))}
      series={[
        { label: "Joined", values: joins, tone: "brand" },
        { label: "Left", values: leaves, tone: "danger" },
      ]}
      yTitle="Members"
      xTitle="Day"
      numbers={new Intl.NumberFormat("en")}
    />,
  );
  const chart = screen.getByRole("img", { name: "Members joined and left per day Joined: 435 · Left: 20 (last 30 days)" });
  const bars = [...chart.querySelectorAll("rect")];
  expect(bars).toHaveLength(60);
  const [width, height] = chart.getAttribute("viewBox")!.split(" ").slice(2).map(Number) as [number, number];
  for (const bar of bars) {
    const [x, y, w, h] = ["x", "y", "width", "height"].map((name) => Number(bar.getAttribute(name)));
    expect(x! >= 0 && x! + w! <= width && y! >= 0 && y! + h! <= height).toBe(true);
  }
  const texts = [...chart.querySelectorAll("text")].map((node) => node.textContent);
  // Ticks 0, 25 and 50 (the top for a maximum of 29), both axis titles, every fifth day and the last.
  expect(texts).toEqual(expect.arrayContaining(["0", "25", "50", "Members", "Day", "30", "25", "05"]));
  for (const node of chart.querySelectorAll("text")) {
    const x = Number(node.getAttribute("x") ?? 0);
    expect(x >= 0 && x <= width).toBe(true);
  }
});
