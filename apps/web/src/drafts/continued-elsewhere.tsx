import { fill } from "@kalinga/domain/localized-texts";
import { useNavigate } from "react-router";
import { systemError } from "../api/system-error.ts";
import { endClaimKeepingStep1 } from "../session/claim-verification.ts";
import { useTexts } from "../ui/locale.ts";
import { Popup } from "../ui/popup.tsx";
import { useWidgetSetting } from "../widget/contexts.ts";
import { DRAFT_TEXTS } from "./draft-texts.ts";

// The claim was continued on another device, which ended this tab's token (decisions 0044, 0069):
// say so plainly, keep Step 1, and lead back to the OTP, after which the claim can be continued here.
// A lazy chunk: it loads only when a claim did go on elsewhere.

export default function ContinuedElsewherePopup({ reference }: { reference: string }) {
  const T = useTexts(DRAFT_TEXTS);
  const { channel } = useWidgetSetting();
  const navigate = useNavigate();
  const continueHere = () => {
    endClaimKeepingStep1();
    systemError.endContinuedElsewhere();
    navigate(channel === "corporate-website" ? "/cf" : "/cfm");
  };
  return (
    <Popup
      open
      title={T.continuedTitle}
      closable={false}
      containedButton={{ label: T.continueHere, onClick: continueHere }}
    >
      <p>{fill(T.continuedText, { reference })}</p>
      <p>{T.continuedWhatToDo}</p>
    </Popup>
  );
}
