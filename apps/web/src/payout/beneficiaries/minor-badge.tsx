import { isMinor } from "@kalinga/domain/beneficiary";
import { isIsoDate } from "@kalinga/domain/dates";
import { BENEFICIARY_TEXTS } from "../../claim/beneficiary-texts.ts";
import { useTexts } from "../../ui/locale.ts";

const minor = (dateOfBirth: string, today: string) =>
  isIsoDate(dateOfBirth) && dateOfBirth <= today && isMinor(dateOfBirth, today);

/** "Minor" beside a beneficiary under 18 by the insurer's age rule. */
export function MinorBadge({ dateOfBirth, today }: { dateOfBirth: string; today: string }) {
  const T = useTexts(BENEFICIARY_TEXTS);
  return minor(dateOfBirth, today) ? <span className="k-badge">{T.minorBadge}</span> : null;
}

/** Under the date of birth of a minor: the badge and what it means for the documents. */
export function MinorNote({ dateOfBirth, today }: { dateOfBirth: string; today: string }) {
  const T = useTexts(BENEFICIARY_TEXTS);
  if (!minor(dateOfBirth, today)) return null;
  return (
    <p className="k-note" role="status">
      <span className="k-badge k-badge--first">{T.minorBadge}</span> {T.minorNote}
    </p>
  );
}
