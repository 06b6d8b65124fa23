import { type MissingDocument, RETURN_CODES } from "@kalinga/domain/claim-api";
import { describe, expectTypeOf, test } from "vitest";
import type { ClaimCallFailure, ClaimCallResult } from "./claim-api-client.ts";

// The failures of a call are typed from its row of the call table (decision 0074): a screen tells
// them apart by returnCode and reads what goes with each without a cast.

describe("a claim call's failures", () => {
  test("a wrong OTP carries how many guesses are left, and only its own call's refusals type-check", () => {
    const failure = {} as ClaimCallFailure<"validateOneTimePIN">;
    if (failure.returnCode === RETURN_CODES.wrongOtp) {
      expectTypeOf(failure.data.guessesLeft).toEqualTypeOf<number>();
    }
    // Before the returnCode is known, another failure's field reads as possibly absent, not as an error.
    expectTypeOf(failure.data?.guessesLeft).toEqualTypeOf<number | undefined>();
    expectTypeOf<ClaimCallFailure<"listDocuments">["returnCode"]>().not.toExtend<"1">();
  });

  test("a submit missing documents lists them, and a transport failure has no data", () => {
    const result = {} as ClaimCallResult<"finalSubmitClaim">;
    const failure = result.ok ? null : result;
    if (failure?.returnCode === RETURN_CODES.missingDocuments) {
      expectTypeOf(failure.data.missing).toEqualTypeOf<MissingDocument[]>();
    }
    if (failure?.returnCode === null) expectTypeOf(failure.data).toEqualTypeOf<null>();
  });
});
