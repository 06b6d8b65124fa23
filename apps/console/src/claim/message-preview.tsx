import type { MessagePreview as Preview } from "@kalinga/domain/console-answers";
import { TEXTS } from "../texts.ts";

const T = TEXTS.claim;

export type { Preview };

/** The messages a change would send, each with its recipient, before the examiner makes it. */
export function MessagePreview({ preview, id }: { preview: Preview; id: string }) {
  const { recipient } = preview;
  const nothing = preview.sms === null && preview.email === null;
  return (
    <section className="c-preview" aria-labelledby={id}>
      <h4 id={id}>{T.previewTitle}</h4>
      <p>{T.previewTo(recipient.name, T.previewRoles[recipient.role] ?? recipient.role)}</p>
      {nothing ? (
        <p>{T.previewNothing}</p>
      ) : (
        <>
          <h5>{T.previewSms}</h5>
          {preview.sms && recipient.mobile ? (
            <>
              <p className="c-hint">{T.previewSmsTo(recipient.mobile)}</p>
              <pre className="c-message">{preview.sms}</pre>
            </>
          ) : (
            <p>{T.noMobile}</p>
          )}
          <h5>{T.previewEmail}</h5>
          {preview.email && recipient.email ? (
            <>
              <p className="c-hint">{T.previewEmailTo(recipient.email)}</p>
              <pre className="c-message">{`${preview.email.subject}\n\n${preview.email.text}`}</pre>
            </>
          ) : (
            <p>{T.noEmail}</p>
          )}
        </>
      )}
    </section>
  );
}
