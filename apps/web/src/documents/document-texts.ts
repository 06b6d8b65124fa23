// Texts of the documents step about photos, keyed, with their English defaults.

export const DOCUMENT_TEXTS = {
  /** Beside a photo's thumbnail: "photo.jpg is kept as a PDF." */
  photoKeptAsPdf: (photoName: string) =>
    `${photoName} is kept as a PDF, so the claims team receives every document in one format.`,
  /** The thumbnail's text for screen readers: "Preview of photo.jpg". */
  photoPreview: (photoName: string) => `Preview of ${photoName}`,
} as const;
