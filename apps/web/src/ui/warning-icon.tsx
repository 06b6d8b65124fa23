/** The warning sign beside error and helper texts; decorative, the text says it all. */
export function WarningIcon() {
  return (
    <svg className="k-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 2 1 21h22L12 2Zm0 4.3L19.5 19h-15L12 6.3ZM11 10v5h2v-5h-2Zm0 6v2h2v-2h-2Z"
      />
    </svg>
  );
}
