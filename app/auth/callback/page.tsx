import { getTranslations } from "next-intl/server";
import { localeFromRequest } from "@/lib/i18n/request-locale";
import { FinalizeLogin } from "./finalize-login";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

// Where the platform sends the browser back after consent (DISCORD_REDIRECT_URI).
export default async function LoginCallbackPage({ searchParams }: Props) {
  const query = await searchParams;
  const locale = await localeFromRequest();
  const t = await getTranslations({ locale, namespace: "login" });
  return (
    <FinalizeLogin
      code={one(query.code)}
      state={one(query.state)}
      denied={one(query.error) !== undefined}
      restartHref={`/${locale}/login`}
      labels={{ finishing: t("finishing"), failed: t("failed"), startAgain: t("startAgain"), cancelled: t("cancelled") }}
    />
  );
}
