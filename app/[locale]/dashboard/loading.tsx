import { getTranslations } from "next-intl/server";
import { Spinner } from "@/components/spinner";

// Shown while the user and their servers load (spec 2: a spinner while the user loads).
export default async function DashboardLoading() {
  const t = await getTranslations("common");
  return (
    <div style={{ display: "grid", placeItems: "center", padding: "96px 16px" }}>
      <Spinner label={t("loading")} />
    </div>
  );
}
