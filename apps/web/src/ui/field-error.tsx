import { WarningIcon } from "./warning-icon.tsx";

/** The inline error beneath a field; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="k-error" id={id}>
      <WarningIcon />
      <span>{message}</span>
    </p>
  );
}
