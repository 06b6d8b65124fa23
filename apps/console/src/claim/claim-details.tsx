import type { DetailSection } from "@kalinga/domain/claim-payload-view";
import { TEXTS } from "../texts.ts";
import type { ClaimView } from "./claim-view.ts";
import { DocumentFiles } from "./document-files.tsx";

const T = TEXTS.claim;

/**
 * The claim as the claimant filled it: section by section, under the domain's labels, codes as
 * their names; each beneficiary with their documents.
 */
export function ClaimDetails({ claim }: { claim: ClaimView }) {
  return (
    <section aria-labelledby="details-heading" className="c-panel">
      <h2 id="details-heading">{T.details}</h2>
      {claim.details.map((section, index) => (
        <Section
          // biome-ignore lint/suspicious/noArrayIndexKey: sections keep their order and have no id.
          key={index}
          section={section}
          claim={claim}
          headingId={`details-${index}`}
        />
      ))}
    </section>
  );
}

function Section(props: { section: DetailSection; claim: ClaimView; headingId: string }) {
  const { section, claim } = props;
  const documents =
    section.beneficiaryNo === undefined
      ? []
      : claim.documents.filter((d) => d.beneficiary?.no === section.beneficiaryNo);
  return (
    <section aria-labelledby={props.headingId} className="c-details-section">
      <h3 id={props.headingId}>{section.title}</h3>
      {section.groups.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups keep their order and have no id.
        <div key={index}>
          {group.title && <h4>{group.title}</h4>}
          <dl className="c-fields">
            {group.rows.map((row) => (
              <div className="c-field" key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value === "" ? T.empty : row.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      {section.beneficiaryNo !== undefined && (
        <>
          <h4>{T.beneficiaryDocuments}</h4>
          {documents.length === 0 ? (
            <p>{T.noDocuments}</p>
          ) : (
            <DocumentFiles
              reference={claim.webReferenceNumber}
              files={documents}
              label={T.documentsOf(section.title)}
            />
          )}
        </>
      )}
    </section>
  );
}
