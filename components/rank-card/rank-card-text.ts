import "server-only";
import type { RankCardDialogText } from "./rank-card-dialog-body";
import type { RankCardOfferText } from "./rank-card-offer";

type Translator = { (key: string): string; raw(key: string): unknown };

/** The offer's words from the rankCard messages; "{price}" is filled in the browser, once the shop answers. */
export function rankCardOfferText(t: Translator): RankCardOfferText {
  return { offer: t("offer"), unlocked: t("unlocked"), unlockedBody: t("unlockedBody"), buy: t.raw("buy") as string, buyNoPrice: t("buyNoPrice"), buying: t("buying") };
}

/** The #rank-card dialog's words: `t` the rankCard messages, `common` for Close. */
export function rankCardDialogText(t: Translator, common: Translator): RankCardDialogText {
  return {
    title: t("dialogTitle"),
    alt: t("dialogAlt"),
    loading: t("dialogLoading"),
    failed: t("dialogFailed"),
    download: t("download"),
    close: common("close"),
    offer: rankCardOfferText(t),
    result: { checking: t("resultChecking"), paid: t("resultPaid"), pending: t("resultPending"), failed: t("resultFailed"), unchecked: t("resultUnchecked"), checkAgain: t("checkAgain") },
    servers: { server: t("server"), loadingServers: t("loadingServers"), noServers: t("noServers"), openServers: t("openServers") },
  };
}
