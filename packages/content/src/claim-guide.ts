// The claim guide's page configuration (section 7): a content tree whose items each hold an id and
// an element whose pageConfiguration is JSON text. The widget keys the items by id. These are the
// English defaults, served where the content folder has no variant and used by the widget when the
// content service cannot be reached. The documents listed come from the domain's catalogue.

export type ClaimGuideTree = {
  items: { id: string; element: { pageConfiguration: string } }[];
};

/** The "overview" item: the guide's title and what it is for. */
export type ClaimGuideOverview = { title: string; intro: string };

/** A claim type's item ("Death", "Living"): its heading, who may file it, what to prepare. */
export type ClaimGuideClaimType = { heading: string; whoMayFile: string; prepare: string };

export type ClaimGuide = {
  overview: ClaimGuideOverview;
  Death: ClaimGuideClaimType;
  Living: ClaimGuideClaimType;
};

/** The tree of a guide: one item per key, its configuration as JSON text. */
export function claimGuideTree(guide: ClaimGuide): ClaimGuideTree {
  return {
    items: Object.entries(guide).map(([id, value]) => ({
      id,
      element: { pageConfiguration: JSON.stringify(value) },
    })),
  };
}

export const englishClaimGuide: ClaimGuide = {
  overview: {
    title: "What to prepare for your claim",
    intro:
      "Before you start, check who may file the claim and have a clear photo or PDF of each document ready. The documents step asks only for those that apply to your claim.",
  },
  Death: {
    heading: "Death claim",
    whoMayFile:
      "A beneficiary named in the policy. A parent or guardian files for a beneficiary under 18. When no beneficiary survives the insured, the insured's legal heirs may file.",
    prepare: "Documents that may be asked for a death claim:",
  },
  Living: {
    heading: "Living claim (accident or illness)",
    whoMayFile:
      "The insured, or the policy owner on the insured's behalf when the insured cannot file.",
    prepare: "Documents that may be asked for a living claim:",
  },
};

/** The Filipino default (decision 0097), served for the "fil" locale where no variant has its own. */
export const filipinoClaimGuide: ClaimGuide = {
  overview: {
    title: "Ano ang ihahanda para sa inyong claim",
    intro:
      "Bago magsimula, alamin kung sino ang puwedeng mag-file ng claim, at ihanda ang malinaw na litrato o PDF ng bawat dokumento. Sa Hakbang 4, hihingin lang ang mga dokumentong kailangan sa inyong claim.",
  },
  Death: {
    heading: "Death claim",
    whoMayFile:
      "Ang beneficiary na nakapangalan sa policy. Kung wala pang 18 taong gulang ang beneficiary, ang magulang o guardian niya ang magfa-file para sa kaniya. Kung walang beneficiary na nabubuhay pa, ang mga legal na tagapagmana ng insured ang puwedeng mag-file.",
    prepare: "Mga dokumentong puwedeng hingin para sa death claim:",
  },
  Living: {
    heading: "Claim dahil sa aksidente o sakit (buhay pa ang insured)",
    whoMayFile:
      "Ang insured mismo, o ang may-ari ng policy para sa insured kung hindi siya makapag-file.",
    prepare: "Mga dokumentong puwedeng hingin para sa claim dahil sa aksidente o sakit:",
  },
};

/** Each locale's default guide; a locale without one is served the English. */
export const defaultClaimGuides: Readonly<Record<string, ClaimGuide>> = {
  en: englishClaimGuide,
  fil: filipinoClaimGuide,
};
