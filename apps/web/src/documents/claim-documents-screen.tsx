import type { Beneficiary } from "@kalinga/domain/beneficiary";
import { DOCUMENT_MESSAGES } from "@kalinga/domain/document-messages";
import { fill } from "@kalinga/domain/localized-texts";
import { buildUploadSlots, SLOT_LABEL_TEXTS, type UploadSlot } from "@kalinga/domain/upload-slots";
import { useMemo, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { useNextRoute } from "../claim/back-to-review.ts";
import { claimOfTab, slotFactsOfTab } from "../claim/claim-of-tab.ts";
import { useVerifiedClaim, type VerifiedClaim } from "../claim/verified-claim.tsx";
import { type Confirm, ConfirmPopup } from "../ui/confirm-popup.tsx";
import { useTexts } from "../ui/locale.ts";
import screenTextCss from "../ui/screen-text.css?inline";
import { StepActions } from "../ui/step-actions.tsx";
import { adoptStyles } from "../ui/styles.ts";
import { TitledScreen } from "../ui/titled-screen.tsx";
import { useWidgetSetting } from "../widget/contexts.ts";
import { removeWithConfirmation, useUploadsInFlight } from "./document-actions.ts";
import { DocumentSlot, UploadNotices } from "./document-slot.tsx";
import { DOCUMENT_TEXTS } from "./document-texts.ts";
import documentsCss from "./documents.css?inline";
import { showsMissingDocument } from "./missing-document.ts";
import { useClaimDocuments } from "./use-claim-documents.ts";

adoptStyles(screenTextCss);
adoptStyles(documentsCss);

/** Step 4 of 4 at /claims-documents: the documents this claim needs, computed from Steps 1 to 3. */
export default function ClaimDocumentsScreen() {
  const claim = useVerifiedClaim();
  return <ClaimDocuments claim={claim} />;
}

type SlotGroup = { key: string; title: string; slots: UploadSlot[] };

function fullName(beneficiary: Beneficiary | undefined): string {
  if (!beneficiary) return "";
  return [beneficiary.firstName, beneficiary.lastName].filter(Boolean).join(" ");
}

/** Required claim documents, then each beneficiary's, then the optional ones. */
function groupSlots(
  slots: UploadSlot[],
  beneficiaries: Beneficiary[],
  T: typeof DOCUMENT_TEXTS,
): SlotGroup[] {
  const groups: SlotGroup[] = [
    {
      key: "claim",
      title: T.requiredGroup,
      slots: slots.filter((s) => s.mandatory && s.beneficiaryIndex === undefined),
    },
  ];
  const indexes = [...new Set(slots.flatMap((s) => s.beneficiaryIndex ?? []))];
  for (const index of indexes) {
    groups.push({
      key: `beneficiary-${index}`,
      title: fill(T.beneficiaryGroup, { number: index, name: fullName(beneficiaries[index - 1]) }),
      slots: slots.filter((s) => s.mandatory && s.beneficiaryIndex === index),
    });
  }
  groups.push({
    key: "optional",
    title: T.optionalGroup,
    slots: slots.filter((s) => !s.mandatory),
  });
  return groups.filter((group) => group.slots.length > 0);
}

function ClaimDocuments({ claim }: { claim: VerifiedClaim }) {
  const T = useTexts(DOCUMENT_TEXTS);
  const { channel } = useWidgetSetting();
  const navigate = useNavigate();
  const nextRoute = useNextRoute("/claims-review");
  const tab = useMemo(() => claimOfTab(claim, channel), [claim, channel]);
  const labels = useTexts(SLOT_LABEL_TEXTS);
  // Each slot named in the chosen locale (decision 0091); its typeOfId stays the catalogue's English.
  const slots = useMemo(
    () =>
      (tab.complete ? buildUploadSlots(slotFactsOfTab(tab.payload)) : []).map((slot) => ({
        ...slot,
        label: labels[slot.documentCd] ?? slot.label,
      })),
    [tab, labels],
  );
  const documents = useClaimDocuments();
  const [showMissing, setShowMissing] = useState(false);
  const [busyMessage, setBusyMessage] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const chooseButtons = useRef(new Map<string, HTMLButtonElement>());
  const hasCamera = useMemo(() => window.matchMedia("(pointer: coarse)").matches, []);
  const uploading = useUploadsInFlight(documents);

  if (!tab.complete) return <Navigate to={tab.step} replace />;
  if (tab.data.submitted) return <Navigate to="/claims-submission" replace />;

  const filesOf = (slotKey: string) => documents.files.filter((file) => file.slotKey === slotKey);
  const isEmpty = (slot: UploadSlot) =>
    !filesOf(slot.key).some((file) => file.state === "uploaded");
  const slotKeys = new Set(slots.map((slot) => slot.key));
  // Files of slots the claim no longer asks for (the claim changed after they were sent).
  const earlierFiles = documents.files.filter((file) => !slotKeys.has(file.slotKey));

  const askToRemove = removeWithConfirmation(documents, setConfirm, T);

  const onNext = () => {
    if (uploading) {
      setBusyMessage(DOCUMENT_MESSAGES.stillUploading);
      return;
    }
    setBusyMessage(null);
    const missing = slots.filter((slot) => slot.mandatory && isEmpty(slot));
    if (missing.length > 0) {
      setShowMissing(true);
      const first = missing[0];
      if (first) chooseButtons.current.get(first.key)?.focus();
      return;
    }
    navigate(nextRoute);
  };

  const renderSlot = (slot: UploadSlot) => (
    <DocumentSlot
      key={slot.key}
      slot={slot}
      forWhom={
        slot.beneficiaryIndex
          ? fill(T.forBeneficiary, { number: slot.beneficiaryIndex })
          : undefined
      }
      files={filesOf(slot.key)}
      error={
        showsMissingDocument(slot, filesOf(slot.key), showMissing)
          ? DOCUMENT_MESSAGES.uploadRequired
          : undefined
      }
      hasCamera={hasCamera}
      onAdd={(chosen, replaces) =>
        documents.add(slot.key, chosen, { replaces, oneFile: slot.max === 1 })
      }
      onRetry={documents.retry}
      onRemove={askToRemove}
      chooseRef={(button) => {
        if (button) chooseButtons.current.set(slot.key, button);
        else chooseButtons.current.delete(slot.key);
      }}
    />
  );

  return (
    <TitledScreen id="k-documents-title" step={T.step} title={T.title}>
      <div className="k-form">
        <p className="k-intro">{T.intro}</p>
        <p className="k-aside">
          <Link to="/claim-guide">{T.claimGuide}</Link>
        </p>
        {documents.ready ? (
          groupSlots(slots, tab.data.beneficiaries, T).map((group) => (
            <div className="k-section k-slots" key={group.key}>
              <h3 className="k-section-title">{group.title}</h3>
              {group.slots.map(renderSlot)}
            </div>
          ))
        ) : (
          <p role="status">{T.loading}</p>
        )}
        {earlierFiles.length > 0 ? (
          <div className="k-section k-slots">
            <h3 className="k-section-title">{T.earlierFiles}</h3>
            <p className="k-hint">{T.earlierFilesHint}</p>
            <ul className="k-files">
              {earlierFiles.map((file) => (
                <li className="k-file" key={file.id}>
                  <p className="k-file__name">{file.name}</p>
                  <p className="k-file__facts">{file.sizeText}</p>
                  <div className="k-file__actions">
                    <button
                      type="button"
                      className="k-btn k-btn--text"
                      onClick={() => askToRemove(file)}
                    >
                      {T.remove}
                      <span className="k-vh"> {file.name}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <UploadNotices announcement={documents.announcement} message={busyMessage} />
        <StepActions back={{ to: "/payout-option" }} onNext={onNext} />
      </div>
      {confirm ? <ConfirmPopup confirm={confirm} onClose={() => setConfirm(null)} /> : null}
    </TitledScreen>
  );
}
