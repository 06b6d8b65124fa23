import {
  BENEFICIARY_RELATIONSHIPS,
  type Beneficiary,
  type BeneficiaryDraft,
  beneficiariesSchema,
  emptyBeneficiary,
  HONORIFICS,
  MAX_BENEFICIARIES,
} from "@kalinga/domain/beneficiary";
import { isIsoDate, todayInManila } from "@kalinga/domain/dates";
import { fill } from "@kalinga/domain/localized-texts";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useNextRoute } from "../../claim/back-to-review.ts";
import { BENEFICIARY_TEXTS, labelOfValue } from "../../claim/beneficiary-texts.ts";
import { type ClaimData, useLeaveGuard } from "../../claim/claim-data-store.ts";
import type { VerifiedClaim } from "../../claim/verified-claim.tsx";
import { type Confirm, ConfirmPopup } from "../../ui/confirm-popup.tsx";
import { useDates } from "../../ui/dates.ts";
import { FieldError } from "../../ui/field-error.tsx";
import { useLocale, useTexts } from "../../ui/locale.ts";
import { StepActions } from "../../ui/step-actions.tsx";
import { BeneficiaryForm } from "./beneficiary-form.tsx";
import { MinorBadge } from "./minor-badge.tsx";

function nameOf(beneficiary: BeneficiaryDraft, T: typeof BENEFICIARY_TEXTS): string {
  const honorific = beneficiary.honorific
    ? labelOfValue("honorific", HONORIFICS, beneficiary.honorific, T)
    : "";
  const middle = beneficiary.noMiddleName ? "" : beneficiary.middleName;
  return [honorific, beneficiary.firstName, middle, beneficiary.lastName, beneficiary.suffix]
    .filter((part) => part?.trim())
    .join(" ");
}

function countText(T: typeof BENEFICIARY_TEXTS, count: number, locale: string): string {
  if (count === 0) return T.countNone;
  const one = new Intl.PluralRules(locale).select(count) === "one";
  return fill(one ? T.countOne : T.countOther, { count });
}

const sameValues = (a: BeneficiaryDraft, b: BeneficiaryDraft) =>
  JSON.stringify({ ...emptyBeneficiary, ...a }) === JSON.stringify({ ...emptyBeneficiary, ...b });

/** Step 3 of a death claim: the beneficiaries the payout goes to, one to ten. */
export function BeneficiariesStep({ claim }: { claim: VerifiedClaim }) {
  const T = useTexts(BENEFICIARY_TEXTS);
  const { locale } = useLocale();
  const { date } = useDates();
  const navigate = useNavigate();
  const nextRoute = useNextRoute("/claims-documents");
  useLeaveGuard();
  const [data, setData] = useState<ClaimData>(() => claim.readData());
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [needsCheck, setNeedsCheck] = useState<ReadonlySet<number>>(new Set());
  // Where focus goes once the form closes or a beneficiary is removed.
  const [focusRequest, setFocusRequest] = useState<{ target: "list" | "add"; n: number }>();
  const focusOn = (target: "list" | "add") =>
    setFocusRequest((previous) => ({ target, n: (previous?.n ?? 0) + 1 }));
  const listTitleRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const today = todayInManila();
  const { beneficiaries, beneficiaryEdit: edit } = data;

  const save = (change: Partial<ClaimData>) => setData(claim.save(change));

  useEffect(() => {
    if (focusRequest?.target === "list") listTitleRef.current?.focus();
    if (focusRequest?.target === "add") (addRef.current ?? listTitleRef.current)?.focus();
  }, [focusRequest]);

  if (edit) {
    const original = edit.index === null ? emptyBeneficiary : beneficiaries[edit.index];
    const close = () => {
      save({ beneficiaryEdit: null });
      focusOn("list");
    };
    return (
      <section className="k-screen" aria-labelledby="k-beneficiaries-title">
        <h2 id="k-beneficiaries-title" className="k-screen-title">
          <span className="k-step">{T.step}</span> {T.stepTitle}
        </h2>
        <BeneficiaryForm
          key={edit.index ?? "new"}
          title={
            edit.index === null ? T.newBeneficiary : fill(T.numbered, { number: edit.index + 1 })
          }
          initial={edit.values}
          onValuesChange={(values) =>
            claim.save({ beneficiaryEdit: { index: edit.index, values } })
          }
          onSave={(beneficiary: Beneficiary) => {
            const list = [...beneficiaries];
            if (edit.index === null) list.push(beneficiary);
            else list[edit.index] = beneficiary;
            save({ beneficiaries: list, beneficiaryEdit: null });
            setListError(null);
            setNeedsCheck(new Set());
            focusOn("list");
          }}
          onCancel={() => {
            const current = claim.readData().beneficiaryEdit?.values;
            if (!original || !current || sameValues(current, original)) return close();
            setConfirm({
              title: T.discardTitle,
              text: T.discardText,
              confirmLabel: T.discard,
              onConfirm: close,
            });
          }}
        />
        {confirm ? <ConfirmPopup confirm={confirm} onClose={() => setConfirm(null)} /> : null}
      </section>
    );
  }

  const openForm = (index: number | null) => {
    const values = index === null ? { ...emptyBeneficiary } : beneficiaries[index];
    if (values) save({ beneficiaryEdit: { index, values } });
  };

  const onNext = () => {
    const result = beneficiariesSchema.safeParse(beneficiaries);
    if (result.success) {
      navigate(nextRoute);
      return;
    }
    const listIssue = result.error.issues.find((issue) => issue.path.length === 0);
    setListError(listIssue?.message ?? null);
    // A beneficiary saved earlier may no longer pass (a birthday, today's date): point at it.
    setNeedsCheck(
      new Set(
        result.error.issues
          .map((issue) => issue.path[0])
          .filter((index): index is number => typeof index === "number"),
      ),
    );
    focusOn("add");
  };

  return (
    <section className="k-screen" aria-labelledby="k-beneficiaries-title">
      <h2 id="k-beneficiaries-title" className="k-screen-title">
        <span className="k-step">{T.step}</span> {T.stepTitle}
      </h2>
      <div className="k-form">
        <p className="k-intro">{fill(T.intro, { most: MAX_BENEFICIARIES })}</p>
        <div className="k-section">
          <h3 className="k-section-title k-form-title" tabIndex={-1} ref={listTitleRef}>
            {countText(T, beneficiaries.length, locale)}
          </h3>
          {beneficiaries.length > 0 ? (
            <ul className="k-people">
              {beneficiaries.map((beneficiary, index) => {
                const name = nameOf(beneficiary, T) || fill(T.numbered, { number: index + 1 });
                return (
                  // Beneficiaries have no id of their own; their position is their number.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity
                  <li key={index} className="k-person k-card">
                    <p className="k-person__name">
                      {index + 1}. {name}
                      <MinorBadge dateOfBirth={beneficiary.dateOfBirth} today={today} />
                    </p>
                    <p className="k-person__facts">
                      {[
                        beneficiary.relationship
                          ? labelOfValue(
                              "relationship",
                              BENEFICIARY_RELATIONSHIPS,
                              beneficiary.relationship,
                              T,
                            )
                          : "",
                        isIsoDate(beneficiary.dateOfBirth)
                          ? fill(T.born, {
                              date: date(beneficiary.dateOfBirth),
                            })
                          : "",
                      ]
                        .filter(Boolean)
                        .join(", ")}
                    </p>
                    {needsCheck.has(index) ? (
                      <FieldError id={`k-beneficiary-${index}-error`} message={T.needsCheck} />
                    ) : null}
                    <div className="k-person__actions">
                      <button
                        type="button"
                        className="k-btn k-btn--outlined"
                        aria-label={fill(T.editNamed, { name })}
                        onClick={() => openForm(index)}
                      >
                        {T.edit}
                      </button>
                      <button
                        type="button"
                        className="k-btn k-btn--text"
                        aria-label={fill(T.removeNamed, { name })}
                        onClick={() =>
                          setConfirm({
                            title: fill(T.removeTitle, { name }),
                            text: T.removeText,
                            confirmLabel: T.remove,
                            onConfirm: () => {
                              save({ beneficiaries: beneficiaries.filter((_, i) => i !== index) });
                              setNeedsCheck(new Set());
                              focusOn("list");
                            },
                          })
                        }
                      >
                        {T.remove}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {beneficiaries.length < MAX_BENEFICIARIES ? (
            <button
              ref={addRef}
              type="button"
              className="k-btn k-btn--outlined"
              aria-describedby={listError ? "k-beneficiaries-error" : undefined}
              onClick={() => openForm(null)}
            >
              {T.add}
            </button>
          ) : (
            <p className="k-hint">{T.listFull}</p>
          )}
          <FieldError id="k-beneficiaries-error" message={listError ?? undefined} />
        </div>
        <StepActions back={{ to: "/claims-details" }} onNext={onNext} />
      </div>
      {confirm ? <ConfirmPopup confirm={confirm} onClose={() => setConfirm(null)} /> : null}
    </section>
  );
}
