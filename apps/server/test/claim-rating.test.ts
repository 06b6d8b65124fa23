import { RATING_MESSAGES } from "@kalinga/domain/rating";
import { beforeEach, describe, expect, test } from "vitest";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { ACCIDENT_MANDATORY_SLOTS, submitBodyOf } from "./support/claim-payloads.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  callClaimRaw,
  type StartedClaim,
  startClaim,
} from "./support/test-app.ts";

// rateClaim: after the submit, one rating per claim that a repeat replaces; the same token checks
// as every claim call; the comment is stored and never logged.

const COMMENT = "Mabilis po, salamat! The list of documents was clear. Zelphinekka-7731";

const server = useServerTest({
  documentsDir: true,
  logs: true,
  env: { NOTIFICATION_POLL_MS: "60000" },
});
let claim: StartedClaim;

// Raw: some tests send a rating or comment the schema refuses.
const rate = (body: Record<string, unknown>, target: StartedClaim = claim, token = target.token) =>
  callClaimRaw(
    server.app,
    "rateClaim",
    { basicInformation, webReferenceNumber: target.webReferenceNumber, ...body },
    { token },
  );

async function submitted(target: StartedClaim) {
  const bytes = await samplePhoto();
  for (const slotKey of ACCIDENT_MANDATORY_SLOTS) {
    expect((await uploadDocument(server.app, target, { slotKey, bytes })).statusCode).toBe(200);
  }
  const response = await callClaim(server.app, "finalSubmitClaim", submitBodyOf(target), {
    token: target.token,
  });
  expect(response.statusCode).toBe(200);
}

async function ratings() {
  const { rows } = await server.db.query<{
    rating: number;
    comment: string;
    first_rated_at: Date;
    rated_at: Date;
  }>("SELECT rating, comment, first_rated_at, rated_at FROM claim_ratings");
  return rows.map((row) => ({
    rating: Number(row.rating),
    comment: row.comment,
    firstRatedAt: new Date(row.first_rated_at).toISOString(),
    ratedAt: new Date(row.rated_at).toISOString(),
  }));
}

beforeEach(async () => {
  claim = await verifiedClaim(server.app);
});

describe("rateClaim", () => {
  test("a submitted claim is rated; the rating and comment are stored and answered", async () => {
    await submitted(claim);
    server.clock.advance(30);
    const response = await rate({ rating: 4, comment: COMMENT });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      returnCode: "0",
      rating: 4,
      comment: COMMENT,
      ratedAt: server.clock.current.toISOString(),
    });
    expect(await ratings()).toEqual([
      {
        rating: 4,
        comment: COMMENT,
        firstRatedAt: server.clock.current.toISOString(),
        ratedAt: server.clock.current.toISOString(),
      },
    ]);
    // The comment is free text: no log line carries it, though the rating call is logged.
    const logged = server.logLines.join("\n");
    expect(logged).toContain("claim rated");
    expect(logged).not.toContain("Zelphinekka");
  });

  test("a second rating replaces the first and moves ratedAt; a missing comment is empty", async () => {
    await submitted(claim);
    const first = server.clock.current.toISOString();
    expect((await rate({ rating: 5, comment: COMMENT })).statusCode).toBe(200);
    server.clock.advance(120);
    const second = await rate({ rating: 2 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      returnCode: "0",
      rating: 2,
      comment: "",
      ratedAt: server.clock.current.toISOString(),
    });
    expect(await ratings()).toEqual([
      { rating: 2, comment: "", firstRatedAt: first, ratedAt: server.clock.current.toISOString() },
    ]);
  });

  test("a claim not yet submitted cannot be rated: 417 with returnCode 12", async () => {
    const response = await rate({ rating: 5, comment: COMMENT });
    expect(response.statusCode).toBe(417);
    expect(response.json()).toEqual({
      returnCode: "12",
      message: RATING_MESSAGES.notSubmitted,
    });
    expect(await ratings()).toEqual([]);
  });

  test("a rating outside 1 to 5, not whole, not a number or missing is 400 and stores nothing", async () => {
    await submitted(claim);
    for (const rating of [0, 6, 2.5, "x", "4", null, undefined]) {
      const response = await rate({ rating, comment: COMMENT });
      expect(response.statusCode, `rating ${String(rating)}`).toBe(400);
      expect((response.json() as { errors: unknown[] }).errors).toEqual([
        { field: "rating", message: RATING_MESSAGES.rating },
      ]);
    }
    expect(await ratings()).toEqual([]);
  });

  test("a comment over 1,000 characters is 400 and stores nothing; 1,000 is taken", async () => {
    await submitted(claim);
    const tooLong = await rate({ rating: 3, comment: "a".repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect((tooLong.json() as { errors: unknown[] }).errors).toEqual([
      { field: "comment", message: RATING_MESSAGES.commentTooLong },
    ]);
    expect(await ratings()).toEqual([]);
    const longest = await rate({ rating: 3, comment: "ñ".repeat(1000) });
    expect(longest.statusCode).toBe(200);
    expect((await ratings())[0]?.comment).toBe("ñ".repeat(1000));
  });

  test("another claim's token is 403, an unverified token 403, no token 401", async () => {
    await submitted(claim);
    const other = await verifiedClaim(server.app);
    expect((await rate({ rating: 1 }, claim, other.token)).statusCode).toBe(403);
    const unverified = await startClaim(server.app);
    expect((await rate({ rating: 1 }, unverified)).statusCode).toBe(403);
    const anonymous = await callClaim(server.app, "rateClaim", {
      basicInformation,
      webReferenceNumber: claim.webReferenceNumber,
      rating: 1,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await ratings()).toEqual([]);
    const get = await server.app.inject({ method: "GET", url: "/api/claims/rateClaim" });
    expect(get.statusCode).toBe(405);
  });
});
