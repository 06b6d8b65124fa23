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

export const DOCUMENT_MESSAGES = {
  type: "This file is not a JPEG, PNG, HEIC or PDF. Please send a photo or a PDF.",
  heic: "HEIC photos cannot be read yet; please send a JPEG. On an iPhone, choose Most Compatible in Settings > Camera > Formats, or take a screenshot of the photo.",
  tooLarge: (maxFileBytes: number) =>
    `This file is larger than ${formatSizeLimit(maxFileBytes)}. Please send a smaller photo or PDF.`,
  tooManyPixels: (maxImagePixels: number) =>
    `This picture is too big to read (over ${Math.round(maxImagePixels / 1_000_000)} megapixels). Please send a smaller photo.`,
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
  tooManyPages: (maxPages: number) =>
    `This PDF has more than ${maxPages} pages. Please split it into files of up to ${maxPages} pages, or send only the pages this document needs.`,
  /** Protected by an owner password and holding scripts or attached files, which cannot be removed from a protected file. */
  pdfProtectedActiveContent:
    "This PDF is protected and contains scripts or attached files that cannot be removed. Please send a copy without them, for example one saved with Print > Save as PDF.",
  claimFileCount: (maxFiles: number) =>
    `This claim already has ${maxFiles} files, the most it can hold. Remove a file before adding another.`,
  claimTooLarge: (maxBytes: number) =>
    `This file would take the claim's files past ${formatSizeLimit(maxBytes)}. Remove a file before adding another.`,
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
} as const;

/** uploadDocument's field checks (400): the widget never sends these wrong, so it shows its system error. */
export const UPLOAD_FIELD_MESSAGES = {
  badReference: "Not a web reference number.",
  unknownSlot: "This document slot does not exist.",
  badReplace: 'replace is "true" or "false".',
} as const;
