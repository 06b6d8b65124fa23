import { useTexts } from "./locale.ts";
import { Popup } from "./popup.tsx";
import { UI_TEXTS } from "./ui-texts.ts";

/** A question before something that cannot be undone: the claimant confirms or keeps. */
export type Confirm = { title: string; text: string; confirmLabel: string; onConfirm: () => void };

export function ConfirmPopup({ confirm, onClose }: { confirm: Confirm; onClose: () => void }) {
  const texts = useTexts(UI_TEXTS);
  return (
    <Popup
      open
      title={confirm.title}
      onClose={onClose}
      containedButton={{ label: confirm.confirmLabel, onClick: confirm.onConfirm }}
      outlinedButton={{ label: texts.keep }}
    >
      <p>{confirm.text}</p>
    </Popup>
  );
}
