import {
  CLAIM_STATUS_TEXTS,
  claimStatusLabel,
  claimTypeLabel,
  recordPolicyNumberDisplay,
} from "@kalinga/domain/claim-status";
import type { TrackedClaimRecord } from "@kalinga/domain/claim-tracking";
import { fill, localize } from "@kalinga/domain/localized-texts";
import { useContext } from "react";
import { LocaleContext, useLocale, useTexts } from "../ui/locale.ts";
import { STATUS_KEYS, TRACKING_TEXTS } from "./tracking-texts.ts";

// The tracking texts in the chosen locale, shaped as the screens use them: templates filled, plural
// forms chosen with Intl.PluralRules, the states by value.

type Flat = typeof TRACKING_TEXTS;

/** The tracking words of a locale: its flat keyed texts, filled where they take values. */
export function trackingWords(
  T: Flat,
  locale: string,
  statuses: typeof CLAIM_STATUS_TEXTS = CLAIM_STATUS_TEXTS,
) {
  const plural = new Intl.PluralRules(locale);
  const byCount = (
    one: string,
    other: string,
    count: number,
    values: Record<string, string> = {},
  ) => fill(plural.select(count) === "one" ? one : other, { count, ...values });
  return {
    ...T,
    listIntro: (lastDigits: string) => fill(T.listIntro, { lastDigits }),
    draftStarted: (date: string) => fill(T.draftStarted, { date }),
    draftType: { Death: T.draftTypeDeath, Living: T.draftTypeLiving, "": T.draftTypeOther },
    claimOf: (reference: string) => fill(T.claimOf, { reference }),
    decisionBy: (date: string) => fill(T.decisionBy, { date }),
    decisionRule: (basis: "death-claim-law" | "service-level", days: number) =>
      fill(basis === "death-claim-law" ? T.decisionRuleLaw : T.decisionRuleService, { days }),
    decisionPaused: (daysLeft: number) =>
      daysLeft > 0
        ? fill(plural.select(daysLeft) === "one" ? T.decisionPausedOne : T.decisionPausedOther, {
            days: daysLeft,
          })
        : T.decisionPausedNone,
    decisionLate: (date: string) => fill(T.decisionLate, { date }),
    itemDue: (description: string, date: string) => fill(T.itemDue, { description, date }),
    documentState: {
      received: T.documentReceived,
      accepted: T.documentAccepted,
      rejected: T.documentRejected,
    },
    receivedOn: (date: string) => fill(T.receivedOn, { date }),
    forBeneficiary: (position: number, name: string) =>
      name ? fill(T.forBeneficiaryNamed, { position, name }) : fill(T.forBeneficiary, { position }),
    notAcceptedBecause: (reason: string) => fill(T.notAcceptedBecause, { reason }),
    sendReplacement: (date: string) => fill(T.sendReplacement, { date }),
    filesOf: (title: string) => fill(T.filesOf, { title }),
    dueBy: (date: string) => fill(T.dueBy, { date }),
    requirementState: {
      open: T.requirementOpen,
      received: T.requirementReceived,
      accepted: T.requirementAccepted,
      rejected: T.requirementRejected,
    },
    filesSent: (count: number) => byCount(T.filesSentOne, T.filesSentOther, count),
    filesWaiting: (count: number) => byCount(T.filesWaitingOne, T.filesWaitingOther, count),
    sentText: (count: number, label: string) =>
      byCount(T.sentTextOne, T.sentTextOther, count, { label }),
    decision: {
      title: T.decisionTitle,
      outcome: {
        approved: T.decisionApproved,
        "partly-approved": T.decisionPartlyApproved,
        denied: T.decisionDenied,
      },
      reasonTitle: T.decisionReasonTitle,
      nextTitle: T.decisionNextTitle,
      payout: (method: "bank" | "e-wallet", provider: string, account: string, partly: boolean) =>
        fill(
          method === "e-wallet"
            ? partly
              ? T.payoutWalletPartly
              : T.payoutWallet
            : partly
              ? T.payoutBankPartly
              : T.payoutBank,
          { provider, account },
        ),
      deathPayout: T.deathPayout,
      otherPayout: T.otherPayout,
      paidLater: T.paidLater,
      whatYouCanDoTitle: T.whatYouCanDoTitle,
      askReview: T.askReview,
      insuranceCommission: T.insuranceCommission,
    },
    /** The claimant's name of a status, and of a claim's type. */
    statusName: (status: string) => claimStatusLabel(status, statuses),
    typeName: (type: string, subType: string) => claimTypeLabel(type, subType, statuses),
    /** A record's policy number, or what stands in its place, in the claimant's words. */
    policyNumber: (record: TrackedClaimRecord) => recordPolicyNumberDisplay(record, statuses),
    /** What a server status means to the claimant and what happens next. */
    statusMeaning: (status: string) => {
      const prefix = STATUS_KEYS[status] ?? "statusOther";
      const texts = T as unknown as Record<string, string>;
      return {
        meaning: texts[`${prefix}Meaning`] ?? T.statusOtherMeaning,
        next: texts[`${prefix}Next`] ?? T.statusOtherNext,
      };
    },
  };
}

/** The tracking words in the chosen locale. */
export function useTrackingTexts() {
  const { locale, catalogue } = useLocale();
  return trackingWords(useTexts(TRACKING_TEXTS), locale, localize(CLAIM_STATUS_TEXTS, catalogue));
}

/**
 * A document's name in the chosen locale (decision 0091): the catalogue's text under the key the
 * server sent with it, else the English the server sent (an examiner's own words have no key).
 */
export function useDocumentName(): (nameKey: string | null, english: string) => string {
  const { catalogue } = useContext(LocaleContext);
  return (nameKey, english) => (nameKey === null ? undefined : catalogue?.[nameKey]) ?? english;
}
