import { defineTexts } from "@kalinga/domain/localized-texts";

// Texts of the public start form that are not the insurer's page content (labels, tips, the
// reminder and the Mainland China statement are: packages/content), keyed, with their English
// defaults. Back and Next are the shared ones (UI_TEXTS).

export const START_TEXTS = defineTexts("start", {
  step: "Step 1 of 4",
  title: "Start your claim",
  checkStatus: "Check claim status",
  claimGuide: "What to prepare and who may file",
  /** The reminder's {memberPortal} when the widget runs without a company. */
  memberPortal: "Member Portal",
});
