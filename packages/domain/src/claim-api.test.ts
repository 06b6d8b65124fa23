import { describe, expect, it } from "vitest";
import { CLAIM_API_PATHS, RETURN_CODES } from "./claim-api.ts";
import { RATING_MESSAGES, rateClaimSchema } from "./rating.ts";
import { firstErrorPerField } from "./start-form.ts";

const body = {
  basicInformation: { companyName: "Kalinga Life", channelName: "Corporate Website" },
  webReferenceNumber: "WEB-2026-000123",
  rating: 4,
  comment: "Quick, and the document list was clear.",
};

const errorsOf = (input: unknown) => {
  const result = rateClaimSchema.safeParse(input);
  return result.success ? [] : firstErrorPerField(result.error.issues);
};

describe("rateClaim", () => {
  it("is a claim call of its own with a return code for a claim not yet submitted", () => {
    expect(CLAIM_API_PATHS.rateClaim).toBe("/rateClaim");
    expect(RETURN_CODES.claimNotSubmitted).toBe("12");
  });

  it("takes a whole rating from 1 to 5 and a comment that may be left out", () => {
    expect(rateClaimSchema.parse(body)).toEqual(body);
    for (const rating of [1, 5]) expect(errorsOf({ ...body, rating })).toEqual([]);
    const { comment: _comment, ...withoutComment } = body;
    expect(rateClaimSchema.parse(withoutComment).comment).toBe("");
  });

  it("asks for a rating from 1 to 5 when it is missing, outside the scale or not a whole number", () => {
    const { rating: _rating, ...withoutRating } = body;
    expect(errorsOf(withoutRating)).toEqual([{ field: "rating", message: RATING_MESSAGES.rating }]);
    for (const rating of [0, 6, 2.5, -1, "x", "3", null, Number.NaN]) {
      expect(errorsOf({ ...body, rating })).toEqual([
        { field: "rating", message: RATING_MESSAGES.rating },
      ]);
    }
  });

  it("keeps a comment to 1,000 characters", () => {
    expect(errorsOf({ ...body, comment: "a".repeat(1000) })).toEqual([]);
    expect(errorsOf({ ...body, comment: "a".repeat(1001) })).toEqual([
      { field: "comment", message: RATING_MESSAGES.commentTooLong },
    ]);
    expect(RATING_MESSAGES.commentTooLong).toBe(
      "Please keep your comment to 1,000 characters or fewer.",
    );
    expect(RATING_MESSAGES.rating).toBe("Please choose a rating from 1 to 5.");
  });
});
