// The claimant's texts for files live in the domain, so the widget shows the same ones.
export {
  DOCUMENT_MESSAGES,
  formatSizeLimit as formatFileSize,
} from "@kalinga/domain/document-messages";
