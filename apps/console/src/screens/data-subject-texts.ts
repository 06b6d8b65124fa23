// The Data subjects screen's words (decisions 0106, 0111), in one place like the rest of the console's.

export const DATA_SUBJECT_TEXTS = {
  title: "Data subjects",
  hint: "Find what Kalinga holds about a claimant, export it for them, or erase what the law lets go. Claims records are kept while the claim is open and for the retention period after it closes.",
  mobile: "Mobile number",
  email: "Or an e-mail address",
  claim: "Or a claim's reference number",
  lookUp: "Look up",
  caption: "The claimant's claims and what an erasure does to each",
  foundFor: (ending: string | null, email: string | null) =>
    ending !== null
      ? `Claims of the number ending ${ending}`
      : email !== null
        ? `Claims naming ${email}`
        : "Claims of this claim's number",
  columns: { reference: "Reference", status: "Status", started: "Started", erasure: "Erasure" },
  tracking: "Claim tracking check",
  draft: "Not submitted",
  verdicts: {
    tracking: "Erased: a tracking check",
    unsubmitted: "Erased: never submitted",
    "past-retention": "Erased: past its retention",
    open: "Kept: the claim is still open",
    "within-retention": (until: string) => `Kept until ${until}: claims records are kept by law`,
  },
  exportZip: "Export as ZIP",
  exporting: (count: number) =>
    count === 1
      ? "Downloading the ZIP of 1 claim: its data as JSON and its documents."
      : `Downloading the ZIP of ${count} claims: their data as JSON and their documents.`,
  erase: (count: number) => (count === 1 ? "Erase 1 claim…" : `Erase ${count} claims…`),
  nothingToErase: "Nothing can be erased now: every claim here must be kept.",
  confirmTitle: "Erase for good?",
  confirmErased: "These claims, their documents and messages will be erased:",
  confirmKept: "These stay, as the law asks:",
  confirmAudit: "The erasure is written to the audit log with the references only.",
  confirm: "Erase for good",
  cancel: "Cancel",
  erased: (count: number) => (count === 1 ? "Erased 1 claim." : `Erased ${count} claims.`),
} as const;
