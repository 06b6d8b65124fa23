import { fill } from "@kalinga/domain/localized-texts";
import {
  RATING_LIMITS,
  RATING_MESSAGES,
  type RateClaimResponse,
  rateClaimSchema,
} from "@kalinga/domain/rating";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Navigate } from "react-router";
import * as z from "zod/mini";
import { callClaimApiOrShowError } from "../api/claim-api-client.ts";
import { CLAIM_DETAILS_TEXTS } from "../claim/claim-details-texts.ts";
import { StartClaimFirst, useClaimIfAny } from "../claim/verified-claim.tsx";
import type { ClaimReceipt } from "../session/claim-session.ts";
import { FieldError } from "../ui/field-error.tsx";
import { Link } from "../ui/link.tsx";
import { useTexts } from "../ui/locale.ts";
import { AsideLink } from "../ui/screen-links.tsx";
import screenTextCss from "../ui/screen-text.css?inline";
import { adoptStyles } from "../ui/styles.ts";
import { TileSwitch } from "../ui/tile-switch.tsx";
import { TitledScreen } from "../ui/titled-screen.tsx";
import submissionCss from "./submission.css?inline";
import { SUBMISSION_TEXTS } from "./submission-texts.ts";
import {
  canRate,
  markRated,
  submittedClaimOfTab,
  useEndSubmittedClaimOnLeave,
} from "./submitted-claim.ts";

adoptStyles(screenTextCss);
adoptStyles(submissionCss);

/** The claimant's part of rateClaimSchema: the same rules and messages the server applies. */
const ratingFormSchema = z.object({
  rating: rateClaimSchema.shape.rating,
  comment: rateClaimSchema.shape.comment,
});

/** The five tiles, "1 · Very hard" to "5 · Very easy", valued "1" to "5". */
const RATING_KEYS = ["rating1", "rating2", "rating3", "rating4", "rating5"] as const;
const ratingsOf = (T: typeof SUBMISSION_TEXTS) =>
  RATING_KEYS.map((key, index) => ({ value: String(index + 1), label: T[key] }));

/** /claims-rating: after the submit, how filing the claim went, from 1 to 5 with a comment. */
export default function ClaimsRatingScreen() {
  const T = useTexts(SUBMISSION_TEXTS);
  const claim = useClaimIfAny();
  const receipt = useMemo(() => submittedClaimOfTab(claim), [claim]);
  if (receipt?.rated) return <ThankYou />;
  if (receipt) {
    // Once the claim's session is cleared the rating is closed; the confirmation still reads.
    return canRate(receipt) ? (
      <RatingForm receipt={receipt} />
    ) : (
      <Navigate to="/claims-submission" replace />
    );
  }
  if (!claim) return <StartClaimFirst />;
  return (
    <TitledScreen id="k-rate-later-title" title={T.submitFirstTitle}>
      <p>{RATING_MESSAGES.notSubmitted}</p>
      <AsideLink to="/claims-review">{T.reviewLink}</AsideLink>
    </TitledScreen>
  );
}

type RatingErrors = { rating?: string; comment?: string };

function RatingForm({ receipt }: { receipt: ClaimReceipt }) {
  const T = useTexts(SUBMISSION_TEXTS);
  const D = useTexts(CLAIM_DETAILS_TEXTS);
  const commentId = useId();
  const [rating, setRating] = useState("");
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<RatingErrors>({});
  const [sent, setSent] = useState<RateClaimResponse | null>(null);
  const ratingRef = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  useEndSubmittedClaimOnLeave();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The same schema the server parses with; its other fields are the call's own.
    const result = ratingFormSchema.safeParse({
      rating: rating === "" ? undefined : Number(rating),
      comment,
    });
    if (!result.success) {
      const found: RatingErrors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] === "comment" ? "comment" : "rating";
        found[field] ??= issue.message;
      }
      setErrors(found);
      (found.rating ? ratingRef.current : commentRef.current)?.focus();
      return;
    }
    setErrors({});
    const response = await callClaimApiOrShowError("rateClaim", result.data);
    if (!response) return;
    // The rating was the last call the claim's token was kept for.
    markRated(receipt);
    setSent(response);
  };

  if (sent) return <ThankYou />;

  return (
    <TitledScreen id="k-rating-title" title={T.ratingTitle}>
      <p className="k-claim-reference">
        {D.webReferenceNumber} <strong className="k-reference">{receipt.webReferenceNumber}</strong>
      </p>
      <form className="k-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TileSwitch
          legend={T.ratingQuestion}
          name="rating"
          options={ratingsOf(T)}
          value={rating}
          onChange={(value) => {
            setRating(value);
            setErrors(({ rating: _, ...rest }) => rest);
          }}
          error={errors.rating}
          ref={ratingRef}
        />
        <div className="k-field">
          <label className="k-label" htmlFor={commentId}>
            {T.comment}
          </label>
          <div className="k-control" data-invalid={errors.comment ? "" : undefined}>
            <textarea
              id={commentId}
              ref={commentRef}
              className="k-input k-textarea"
              rows={4}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={`${commentId}-count${errors.comment ? ` ${commentId}-error` : ""}`}
            />
          </div>
          <p className="k-hint" id={`${commentId}-count`}>
            {fill(T.commentCount, { count: comment.length, most: RATING_LIMITS.commentLength })}
          </p>
          <FieldError id={`${commentId}-error`} message={errors.comment} />
        </div>
        <div className="k-actions">
          <Link className="k-btn k-btn--outlined" to="/claims-submission">
            {T.back}
          </Link>
          <button className="k-btn k-btn--contained" type="submit">
            {T.sendRating}
          </button>
        </div>
      </form>
    </TitledScreen>
  );
}

function ThankYou() {
  const T = useTexts(SUBMISSION_TEXTS);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <TitledScreen id="k-thanks-title" title={T.thanksTitle} titleRef={titleRef}>
      <p>{T.thanksText}</p>
      <AsideLink to="/claims-submission">{T.backToClaim}</AsideLink>
    </TitledScreen>
  );
}
