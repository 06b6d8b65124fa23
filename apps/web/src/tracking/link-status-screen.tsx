import { claimStatusLabel, statusOfSlug } from "@kalinga/domain/claim-status";
import { Link, useParams } from "react-router";
import { TitledScreen } from "../ui/titled-screen.tsx";
import { OTHER_STATUS_MEANING, STATUS_MEANINGS, TRACKING_TEXTS as T } from "./tracking-texts.ts";

/**
 * /link-status/{status} and /claims-link-status/{status}: where the links of status SMS and
 * e-mails land. The link names a status only; the claim itself shows after the OTP.
 */
export default function LinkStatusScreen() {
  const { status: slug = "" } = useParams();
  const status = statusOfSlug(slug);

  if (status === null) {
    return (
      <TitledScreen id="k-link-title" title={T.linkUnknownTitle}>
        <p>{T.linkUnknownText}</p>
        <div className="k-actions">
          <Link className="k-btn k-btn--contained" to="/claims-tracking">
            {T.linkCheck}
          </Link>
        </div>
      </TitledScreen>
    );
  }

  const about = STATUS_MEANINGS[status] ?? OTHER_STATUS_MEANING;
  return (
    <TitledScreen id="k-link-title" title={T.linkTitle}>
      <p className="k-status-now">
        {T.linkStatusIs}
        <strong className="k-status-label">{claimStatusLabel(status)}</strong>
      </p>
      <p>{about.meaning}</p>
      <p>{about.next}</p>
      <p className="k-hint">{T.linkPrivacy}</p>
      <div className="k-actions">
        <Link className="k-btn k-btn--contained" to="/claims-tracking">
          {T.linkCheck}
        </Link>
      </div>
    </TitledScreen>
  );
}
