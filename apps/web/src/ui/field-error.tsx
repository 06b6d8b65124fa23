import { useMessage } from "./locale.ts";
import { WarningIcon } from "./warning-icon.tsx";

/** The inline error beneath a field; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const inLocale = useMessage();
  if (!message) return null;
  return (
    <p className="k-error" id={id}>
      <WarningIcon />
      <span>{inLocale(message)}</span>
    </p>
  );
}
