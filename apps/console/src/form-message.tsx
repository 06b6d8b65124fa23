import { ApiError } from "./api.ts";
import { TEXTS } from "./texts.ts";

/** The message of a refused call, announced; field errors are listed by the form that shows them. */
export function FormMessage({ error, id }: { error: unknown; id?: string }) {
  if (!error) return null;
  const message =
    error instanceof ApiError
      ? (error.body.message ?? error.body.errors?.map((e) => e.message).join(" ") ?? TEXTS.failed)
      : TEXTS.failed;
  return (
    <p className="c-error" role="alert" id={id}>
      {message}
    </p>
  );
}

export function Notice({ text }: { text: string | null }) {
  return (
    <p className="c-notice" role="status">
      {text ?? ""}
    </p>
  );
}
