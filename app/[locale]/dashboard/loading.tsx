import { Spinner } from "@/components/spinner";

// Shown while the user and their servers load (spec 2: a spinner while the user loads).
export default function DashboardLoading() {
  return (
    <div style={{ display: "grid", placeItems: "center", padding: "96px 16px" }}>
      <Spinner label="…" />
    </div>
  );
}
