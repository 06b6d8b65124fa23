import { describe, expect, it } from "vitest";
import {
  calendarDateInput,
  dueDateProblem,
  idInput,
  instantInput,
  ROUTE_INPUT_MESSAGES as M,
  queryText,
  webReferenceInput,
  wholeNumberInput,
} from "./route-inputs.ts";

describe("route inputs", () => {
  it("takes ids only in their issued forms", () => {
    expect(webReferenceInput.safeParse("KL-7KQ4-M9XP").success).toBe(true);
    for (const bad of ["kl-7kq4-m9xp", "KL-7KQ4-M9X0", "NOPE1234", "KL-7KQ4-M9XP\u0000"]) {
      expect(webReferenceInput.safeParse(bad).success, bad).toBe(false);
    }
    expect(idInput.safeParse("0b7c3f9e-4d2a-4c61-9a8e-2f5d7c1b3a60").success).toBe(true);
    for (const bad of ["-".repeat(36), "0b7c3f9e-4d2a-4c61-9a8e-2f5d7c1b3a6\u0000", ""]) {
      const result = idInput.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(M.badId);
    }
  });

  it("takes real calendar dates and instants inside the years a claim can have", () => {
    expect(calendarDateInput.safeParse("2028-02-29").success).toBe(true);
    for (const bad of ["2026-02-30", "2027-02-29", "2026-13-01", "30/04/2026", "-271821-04-20"]) {
      expect(calendarDateInput.safeParse(bad).success, bad).toBe(false);
    }
    for (const good of ["2026-03-02T01:00:00Z", "2026-03-02T09:00:00.123+08:00"]) {
      expect(instantInput.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      "-271821-04-20T00:00:00.000Z",
      "+275760-09-13T00:00:00.000Z",
      "1970-01-01T00:00:00Z",
      "2026-02-30T00:00:00Z",
      "2026-03-02T24:00:00Z",
      "2026-03-02",
      "yesterday",
    ]) {
      expect(instantInput.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("refuses a due date before the next working day or more than a year ahead", () => {
    // Monday 2 March 2026: due from Tuesday.
    expect(dueDateProblem("2026-03-03", "2026-03-02")).toBeNull();
    expect(dueDateProblem("2027-03-02", "2026-03-02")).toBeNull();
    expect(dueDateProblem("2026-03-02", "2026-03-02")).toBe(M.dueDateTooSoon("2026-03-03"));
    expect(dueDateProblem("2026-03-01", "2026-03-02")).toBe(M.dueDateTooSoon("2026-03-03"));
    expect(dueDateProblem("2027-03-03", "2026-03-02")).toBe(M.dueDateTooFar);
    expect(dueDateProblem("2026-02-30", "2026-03-02")).toBe(M.badDate);
    // Friday: due from Monday. Wednesday before Holy Week: Maundy Thursday and Good Friday are
    // holidays, so due from the Monday after Easter.
    expect(dueDateProblem("2026-03-08", "2026-03-06")).toBe(M.dueDateTooSoon("2026-03-09"));
    expect(dueDateProblem("2026-04-03", "2026-04-01")).toBe(M.dueDateTooSoon("2026-04-06"));
    expect(dueDateProblem("2026-04-06", "2026-04-01")).toBeNull();
    // A proclaimed holiday given as an extra date moves the earliest day on.
    expect(dueDateProblem("2026-03-03", "2026-03-02", ["2026-03-03"])).toBe(
      M.dueDateTooSoon("2026-03-04"),
    );
    expect(M.dueDateTooSoon("2026-03-03")).toBe(
      "A due date is on or after the next working day, 03 Mar 2026 (2026-03-03).",
    );
  });

  it("refuses query text PostgreSQL cannot store, and numbers out of range", () => {
    expect(queryText(10).safeParse("rizal").success).toBe(true);
    expect(queryText(10).safeParse("riz\u0000al").success).toBe(false);
    expect(queryText(3).safeParse("rizal").success).toBe(false);
    expect(wholeNumberInput(1, 200).safeParse("50").data).toBe(50);
    for (const bad of ["0", "201", "1e2", "-1", " 5", "5.0", "99999999999"]) {
      expect(wholeNumberInput(1, 200).safeParse(bad).success, bad).toBe(false);
    }
  });
});
