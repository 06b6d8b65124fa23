import { useEffect, useState } from "react";

type Suggest = (address: string) => string | null;

// The provider list and the spelling check load once a field is left: none of it is needed to
// show the start form, whose initial bundle is kept small.
let suggest: Suggest | null = null;
const loadSuggest = () =>
  import("@kalinga/domain/email-suggestion").then((module) => {
    suggest = module.suggestEmailFix;
  });

type Props = {
  /** What was typed. */
  address: string;
  /** False until the claimant has left the field: no suggestion in the middle of typing. */
  shown: boolean;
  /** The keyed text, "Did you mean {email}?". */
  text: string;
  /** Puts the fixed address in the field. */
  onAccept: (fixed: string) => void;
};

/**
 * "Did you mean luisa@gmail.com?" beneath an e-mail field whose domain looks misspelt: one tap
 * takes the fix; ignoring it blocks nothing. The region is always there so the words are announced.
 */
export function EmailSuggestion({ address, shown, text, onAccept }: Props) {
  const [loaded, setLoaded] = useState(suggest !== null);
  useEffect(() => {
    if (shown && !loaded) void loadSuggest().then(() => setLoaded(true));
  }, [shown, loaded]);
  const fixed = shown && loaded && suggest ? suggest(address.trim()) : null;
  const [before, after = ""] = text.split("{email}");
  return (
    <p className="k-suggestion" role="status">
      {fixed ? (
        <>
          {before}
          <button type="button" className="k-suggestion__fix" onClick={() => onAccept(fixed)}>
            {fixed}
          </button>
          {after}
        </>
      ) : null}
    </p>
  );
}
