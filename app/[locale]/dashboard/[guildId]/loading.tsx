import { getTranslations } from "next-intl/server";
import { Spinner } from "@/components/spinner";

// Shown in the content column while another guild page loads: the sidebar stays, and the click answers at once.
export default async function GuildPageLoading() {
  const t = await getTranslations("common");
  return (
    <div style={{ display: "grid", placeItems: "center", padding: "96px 16px" }}>
      <Spinner label={t("loading")} />
    </div>
  );
}
