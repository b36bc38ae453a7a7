"use client";

import { useBoundaryText } from "@/components/boundary-text";
import { Spinner } from "@/components/spinner";

// Shown while a dashboard page loads. A client component taking its label from the
// locale layout: a server loading.tsx gets no locale and would make every page dynamic.
export default function DashboardLoading() {
  return (
    <div style={{ display: "grid", placeItems: "center", padding: "96px 16px" }}>
      <Spinner label={useBoundaryText().loading} />
    </div>
  );
}
