import { defineTexts } from "@kalinga/domain/localized-texts";

// Every text of the documents step, keyed, with its English default. Messages about uploads are the
// domain's (DOCUMENT_MESSAGES).

export const DOCUMENT_TEXTS = defineTexts("documents", {
  step: "Step 4 of 4",
  title: "Documents",
  intro:
    "Send a clear photo or PDF of each document. Photos are made smaller before they are sent, to save your mobile data. Each file can be a JPEG, PNG or PDF of up to 10 MB.",
  loading: "Loading your documents\u2026",
  claimGuide: "What each claim type needs",
  requiredGroup: "Required documents",
  /** "Beneficiary 2: Maria Santos". */
  beneficiaryGroup: "Beneficiary {number}: {name}",
  optionalGroup: "Other documents (optional)",
  /** For screen readers after a beneficiary's slot title: "for beneficiary 2". */
  forBeneficiary: "beneficiary {number}",
  forWhom: "for {whom}",
  required: "Required",
  optional: "Optional",
  oneFile: " \u00b7 one file",
  filesFor: "Files for {slotLabel}",
  takePhoto: "Take a photo",
  chooseFile: "Choose a file",
  preparing: "Preparing\u2026",
  uploading: "Uploading\u2026 {percent}%",
  uploadingNamed: "Uploading {fileName}",
  /** A file sent again after its first try was cut off, while the server still held that try. */
  stillSending: "Still sending\u2026 Please keep this page open.",
  uploaded: "Uploaded",
  notUploaded: "Not uploaded",
  tryAgain: "Try again",
  /** Said by the screen's live region once a file is stored: "receipt.jpg uploaded." */
  announceUploaded: "{fileName} uploaded.",
  announceNotUploaded: "{fileName} was not uploaded.",
  /** Said when a file is sent again while the server still held its first try. */
  announceStillSending: "{fileName} is still sending. Please keep this page open.",
  announceRemoved: "{fileName} removed.",
  /** Read after "Try again": "to upload photo.pdf". */
  tryAgainNamed: "to upload {fileName}",
  replace: "Replace",
  remove: "Remove",
  removeTitle: "Remove this file?",
  removeText: "{fileName} will be removed from your claim.",
  earlierFiles: "Files your claim no longer needs",
  earlierFilesHint:
    "You sent these before you changed your claim. They stay with your claim unless you remove them.",

  /** Beside a photo's thumbnail: "photo.jpg is kept as a PDF." */
  photoKeptAsPdf:
    "{photoName} is kept as a PDF, so the claims team receives every document in one format.",
  /** The thumbnail's text for screen readers: "Preview of photo.jpg". */
  photoPreview: "Preview of {photoName}",
});
