import { useState } from "react";
import { memberPortalEnrollUrl } from "../session/app-config.ts";
import * as claimSession from "../session/claim-session.ts";
import { Popup } from "../ui/popup.tsx";
import { usePageContent, useWidgetSetting } from "../widget/contexts.ts";

/** Once per session on the public start form: living claims may go through the member portal. */
export function ReminderPopup() {
  const reminder = usePageContent().reminder;
  const { company } = useWidgetSetting();
  const [open, setOpen] = useState(() => !claimSession.wasReminded());

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
        label: reminder.enrollLabel,
        onClick: () => {
          claimSession.markReminded();
          // The config names each company's portal; the page content's link serves without it.
          window.location.assign(memberPortalEnrollUrl(company) ?? reminder.enrollUrl);
        },
      }}
    >
      <p>{reminder.body}</p>
    </Popup>
  );
}
