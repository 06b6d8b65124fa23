import { noticeVisibility } from "@kalinga/domain/notice-window";
import { useState } from "react";
import { Popup } from "../ui/popup.tsx";
import { useLoadedContent } from "../widget/contexts.ts";

/** Whether the insurer's "temporarily unavailable" notice is inside its window right now. */
export function useNoticeShowing(): boolean {
  const notice = useLoadedContent().notice;
  const [showing] = useState(() => noticeVisibility(notice, Date.now()).show);
  return showing;
}

/** The notice itself; its close icon only inside the show-close window. */
export function UnavailableNotice({ onClose }: { onClose: () => void }) {
  const notice = useLoadedContent().notice;
  const [{ closable }] = useState(() => noticeVisibility(notice, Date.now()));
  if (!notice) return null;
  return (
    <Popup open type="normal" title={notice.title} closable={closable} onClose={onClose}>
      <p>{notice.content}</p>
    </Popup>
  );
}
