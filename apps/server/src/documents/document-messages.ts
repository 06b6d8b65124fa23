// What the claimant reads when a file is refused. One sentence saying what is wrong and one saying
// what to do; limits are written in from the configuration so the text never disagrees with it.

const KILOBYTE = 1024;
const MEGABYTE = 1024 * KILOBYTE;

/** "10 MB", "2.5 MB", "300 KB": KB below 1 MB, else MB with at most one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < MEGABYTE) return `${Math.round(bytes / KILOBYTE)} KB`;
  return `${Math.round((bytes / MEGABYTE) * 10) / 10} MB`;
}

export const DOCUMENT_MESSAGES = {
  type: "This file is not a JPEG, PNG, HEIC or PDF. Please send a photo or a PDF.",
  heic: "HEIC photos cannot be read yet; please send a JPEG. On an iPhone, choose Most Compatible in Settings > Camera > Formats, or take a screenshot of the photo.",
  tooLarge: (maxFileBytes: number) =>
    `This file is larger than ${formatFileSize(maxFileBytes)}. Please send a smaller photo or PDF.`,
  tooManyPixels: (maxImagePixels: number) =>
    `This picture is too big to read (over ${Math.round(maxImagePixels / 1_000_000)} megapixels). Please send a smaller photo.`,
  unreadable: "This file cannot be opened. It may be damaged. Please send another copy.",
  passwordProtected:
    "This PDF is protected by a password. Please send a copy that opens without a password.",
  claimFileCount: (maxFiles: number) =>
    `This claim already has ${maxFiles} files, the most it can hold. Remove a file before adding another.`,
  claimTooLarge: (maxBytes: number) =>
    `This file would take the claim's files past ${formatFileSize(maxBytes)}. Remove a file before adding another.`,
  claimClosed: "This claim has been submitted, so its files can no longer be changed.",
  notFound: "This file is no longer part of the claim.",
} as const;
