import { useState } from "react";
import { session } from "../session/session-store.ts";
import { Popup } from "../ui/popup.tsx";
import { usePageContent } from "../widget/contexts.ts";

/** Once per session on the public start form: living claims may go through the member portal. */
export function ReminderPopup() {
  const reminder = usePageContent().reminder;
  const [open, setOpen] = useState(() => !session.get("isRemindedForLivingClaims"));

  const dismiss = () => {
    session.set("isRemindedForLivingClaims", true);
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
          session.set("isRemindedForLivingClaims", true);
          window.location.assign(reminder.enrollUrl);
        },
      }}
    >
      <p>{reminder.body}</p>
    </Popup>
  );
}
