import { fieldLabel, TEXTS } from "../texts.ts";

const T = TEXTS.claim;

/** Every section 3 field of the payload, section by section, in readable form. */
export function ClaimDetails({ payload }: { payload: Record<string, unknown> }) {
  return (
    <section aria-labelledby="details-heading" className="c-panel">
      <h2 id="details-heading">{T.details}</h2>
      {Object.entries(payload).map(([section, value]) => (
        <Section key={section} title={fieldLabel(section)} value={value} />
      ))}
    </section>
  );
}

function Section({ title, value }: { title: string; value: unknown }) {
  if (Array.isArray(value)) {
    return (
      <>
        {value.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: beneficiaries keep their order and have no id.
          <Section key={index} title={`${title}: ${T.beneficiary(index + 1)}`} value={item} />
        ))}
      </>
    );
  }
  if (value === null || typeof value !== "object") {
    return (
      <dl className="c-fields">
        <Field name={title} value={value} />
      </dl>
    );
  }
  return (
    <>
      <h3>{title}</h3>
      <dl className="c-fields">
        {Object.entries(value as Record<string, unknown>).map(([key, inner]) =>
          inner !== null && typeof inner === "object" && !Array.isArray(inner) ? (
            Object.entries(inner as Record<string, unknown>).map(([innerKey, leaf]) => (
              <Field
                key={`${key}.${innerKey}`}
                name={`${fieldLabel(key)}: ${fieldLabel(innerKey)}`}
                value={leaf}
              />
            ))
          ) : (
            <Field
              key={key}
              name={fieldLabel(key)}
              value={Array.isArray(inner) ? inner.join(", ") : inner}
            />
          ),
        )}
      </dl>
    </>
  );
}

function Field({ name, value }: { name: string; value: unknown }) {
  const text = value === null || value === undefined || value === "" ? T.empty : String(value);
  return (
    <div className="c-field">
      <dt>{name}</dt>
      <dd>{text}</dd>
    </div>
  );
}
