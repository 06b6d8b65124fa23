import { fill } from "@kalinga/domain/localized-texts";
import { useState } from "react";
import { memberPortalEnrollUrl } from "../session/app-config.ts";
import * as claimSession from "../session/claim-session.ts";
import { useTexts } from "../ui/locale.ts";
import { Popup } from "../ui/popup.tsx";
import { useCompanyTexts } from "../widget/company-texts.ts";
import { usePageContent, useWidgetSetting } from "../widget/contexts.ts";
import { START_TEXTS } from "./start-texts.ts";

/**
 * Once per session on the public start form: living claims may go through the member portal,
 * named as the company configures it (decision 0093) and reached at its configured address.
 */
export function ReminderPopup() {
  const reminder = usePageContent().reminder;
  const { company, memberPortalUrl } = useWidgetSetting();
  const T = useTexts(START_TEXTS);
  const memberPortal = useCompanyTexts()?.memberPortalName ?? T.memberPortal;
  const [open, setOpen] = useState(() => !claimSession.wasReminded());
  const enrollUrl = memberPortalUrl
    ? `${memberPortalUrl}/enroll`
    : (memberPortalEnrollUrl(company) ?? reminder.enrollUrl);

  const dismiss = () => {
    claimSession.markReminded();
    setOpen(false);
  };

  return (
    <Popup
      open={open}
      type="remind"
      title={reminder.title}
      onClose={dismiss}
      containedButton={{ label: reminder.proceedLabel, onClick: dismiss }}
      outlinedButton={{
        label: fill(reminder.enrollLabel, { memberPortal }),
        onClick: () => {
          claimSession.markReminded();
          // The company names its portal; the config's, then the page content's link serve without.
          window.location.assign(enrollUrl);
        },
      }}
    >
      <p>{fill(reminder.body, { memberPortal })}</p>
    </Popup>
  );
}
