import { noticeVisibility } from "@kalinga/domain/notice-window";
import { useState } from "react";
import { useLoadedContent } from "../app/contexts.ts";
import { Popup } from "../ui/popup.tsx";

/** The insurer's "temporarily unavailable" notice, inside its configured window only. */
export function UnavailableNotice() {
  const notice = useLoadedContent().notice;
  const [{ show, closable }] = useState(() => noticeVisibility(notice, Date.now()));
  const [open, setOpen] = useState(show);
  if (!notice || !show) return null;
  return (
    <Popup
      open={open}
      type="normal"
      title={notice.title}
      closable={closable}
      onClose={() => setOpen(false)}
    >
      <p>{notice.content}</p>
    </Popup>
  );
}
