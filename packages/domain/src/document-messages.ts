import { defineTexts, fill } from "./localized-texts.ts";

// What the claimant reads when a file or a submit is refused, the same in the widget and in the
// server's answers. One sentence saying what is wrong and one saying what to do; limits are
// written in from the configuration so the text never disagrees with it.

const KILOBYTE = 1024;
const MEGABYTE = 1024 * KILOBYTE;

/** A limit in a sentence: "10 MB", "2.5 MB", "300 KB" (no ".0": limits are round numbers). */
export function formatSizeLimit(bytes: number): string {
  if (bytes < MEGABYTE) return `${Math.round(bytes / KILOBYTE)} KB`;
  return `${Math.round((bytes / MEGABYTE) * 10) / 10} MB`;
}

export const DOCUMENT_MESSAGE_TEXTS = defineTexts("documentMessages", {
  type: "This file is not a JPEG, PNG, HEIC or PDF. Please send a photo or a PDF.",
  heic: "HEIC photos cannot be read yet; please send a JPEG. On an iPhone, choose Most Compatible in Settings > Camera > Formats, or take a screenshot of the photo.",
  tooLarge: "This file is larger than {size}. Please send a smaller photo or PDF.",
  tooManyPixels:
    "This picture is too big to read (over {megapixels} megapixels). Please send a smaller photo.",
  unreadable: "This file cannot be opened. It may be damaged. Please send another copy.",
  passwordProtected:
    "This PDF is protected by a password. Please send a copy that opens without a password.",
  /** Opening it would take more memory or time than any ordinary document (a decompression bomb). */
  pdfTooDemanding:
    "This PDF takes too much memory or time to open, so it cannot be checked. Please send another copy, such as a scan or photos of its pages.",
  /** It opens without a password, but its author's restrictions keep its pages encrypted here. */
  pdfRestricted:
    "This PDF has restrictions set by its author that stop its pages from being checked. Please send a copy without restrictions, for example one saved with Print > Save as PDF.",
  /** More pages than the limit: an examiner reads the pages the claim needs, not a whole archive. */
  tooManyPages:
    "This PDF has more than {maxPages} pages. Please split it into files of up to {maxPages} pages, or send only the pages this document needs.",
  /** Protected by an owner password and holding scripts or attached files, which cannot be removed from a protected file. */
  pdfProtectedActiveContent:
    "This PDF is protected and contains scripts or attached files that cannot be removed. Please send a copy without them, for example one saved with Print > Save as PDF.",
  claimFileCount:
    "This claim already has {maxFiles} files, the most it can hold. Remove a file before adding another.",
  claimTooLarge:
    "This file would take the claim's files past {size}. Remove a file before adding another.",
  claimClosed: "This claim has been submitted, so its files can no longer be changed.",
  notFound: "This file is no longer part of the claim.",
  slotFull:
    "This document takes one file and already has one. Replace it or remove it before adding another.",
  missingDocuments:
    "Some required documents have not been uploaded yet. Please add them before you submit.",
  /** The documents step: a required slot without a file when Next is pressed. */
  uploadRequired: "Please upload this document.",
  /** A file still on its way when Next is pressed. */
  stillUploading: "Please wait until every file has finished uploading.",
  /** The connection dropped or the server did not answer during an upload. */
  uploadInterrupted: "The upload did not finish. Check your connection, then try again.",
});

const T = DOCUMENT_MESSAGE_TEXTS;

/** The messages as the server and the widget write them: the limits filled in from the configuration. */
export const DOCUMENT_MESSAGES = {
  ...T,
  tooLarge: (maxFileBytes: number) => fill(T.tooLarge, { size: formatSizeLimit(maxFileBytes) }),
  tooManyPixels: (maxImagePixels: number) =>
    fill(T.tooManyPixels, { megapixels: Math.round(maxImagePixels / 1_000_000) }),
  tooManyPages: (maxPages: number) => fill(T.tooManyPages, { maxPages }),
  claimFileCount: (maxFiles: number) => fill(T.claimFileCount, { maxFiles }),
  claimTooLarge: (maxBytes: number) => fill(T.claimTooLarge, { size: formatSizeLimit(maxBytes) }),
} as const;

/** uploadDocument's field checks (400): the widget never sends these wrong, so it shows its system error. */
export const UPLOAD_FIELD_MESSAGES = {
  badReference: "Not a web reference number.",
  unknownSlot: "This document slot does not exist.",
  badReplace: 'replace is "true" or "false".',
} as const;
