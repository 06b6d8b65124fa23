import { statusOfSlug } from "@kalinga/domain/claim-status";
import { useParams } from "react-router";
import { ActionLink } from "../ui/screen-links.tsx";
import { TitledScreen } from "../ui/titled-screen.tsx";
import { useTrackingTexts } from "./tracking-words.ts";

/**
 * /link-status/{status} and /claims-link-status/{status}: where the links of status SMS and
 * e-mails land. The link names a status only; the claim itself shows after the OTP.
 */
export default function LinkStatusScreen() {
  const T = useTrackingTexts();
  const { status: slug = "" } = useParams();
  const status = statusOfSlug(slug);

  if (status === null) {
    return (
      <TitledScreen id="k-link-title" title={T.linkUnknownTitle}>
        <p>{T.linkUnknownText}</p>
        <ActionLink to="/claims-tracking">{T.linkCheck}</ActionLink>
      </TitledScreen>
    );
  }

  const about = T.statusMeaning(status);
  return (
    <TitledScreen id="k-link-title" title={T.linkTitle}>
      <p className="k-status-now">
        {T.linkStatusIs}
        <strong className="k-status-label">{T.statusName(status)}</strong>
      </p>
      <p>{about.meaning}</p>
      <p>{about.next}</p>
      <p className="k-hint">{T.linkPrivacy}</p>
      <ActionLink to="/claims-tracking">{T.linkCheck}</ActionLink>
    </TitledScreen>
  );
}
