import type { ClaimPayload } from "@kalinga/domain/claim-payload";
import { todayInManila } from "@kalinga/domain/dates";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { type APIRequestContext, expect } from "@playwright/test";
import type { TestFile } from "./documents.ts";
import { readOtpFromOutbox } from "./outbox.ts";

// The server's API as the widget and the insurer's core system call it, for journeys that set a
// claim up or move it on without walking the screens that other journeys walk already.

/** The widget's key for the claim calls, and the insurer's for the integration API (dev only). */
export const CLAIM_CALL = { "x-api-key": "kalinga-dev-key" };
export const INSURER = { authorization: "Bearer kalinga-dev-insurer-key" };
const basicInformation = { companyName: "Kalinga Life", channelName: "Corporate Website" };

/** A claim call as the widget makes it; fails the journey on anything but 200. */
export async function claimCall(
  request: APIRequestContext,
  call: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<Record<string, unknown>> {
  const response = await request.post(`/api/claims/${call}`, {
    headers: { ...CLAIM_CALL, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { basicInformation, ...body },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The integration API, as the insurer's core claims system calls it: POST with a body, else GET. */
export async function insurer(
  request: APIRequestContext,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = body
    ? await request.post(`/api/insurer/claims/${path}`, { headers: INSURER, data: body })
    : await request.get(`/api/insurer/claims/${path}`, { headers: INSURER });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A claim filed through the claim calls from a mobile the OTP proves, as the widget makes them:
 * every mandatory slot gets the scan, then the final submit. Answers the claim's reference.
 */
export async function fileClaimByCalls(
  request: APIRequestContext,
  payload: ClaimPayload,
  mobile: string,
  scan: TestFile,
): Promise<string> {
  const started = await claimCall(request, "initClaimRequest", {});
  const webReferenceNumber = started.webReferenceNumber as string;
  await claimCall(
    request,
    "requestOneTimePIN",
    { webReferenceNumber, countryCode: "63", mobileNumber: mobile, firstName: "Josephine" },
    started.token as string,
  );
  const code = await readOtpFromOutbox(request, `63${mobile}`);
  const verified = await claimCall(
    request,
    "validateOneTimePIN",
    { webReferenceNumber, oneTimePIN: code },
    started.token as string,
  );
  const token = verified.token as string;
  for (const slotKey of mandatorySlotKeys(slotFactsOfPayload(payload, todayInManila()))) {
    const uploaded = await request.post("/api/claims/uploadDocument", {
      headers: { ...CLAIM_CALL, authorization: `Bearer ${token}` },
      multipart: { webReferenceNumber, slotKey, file: scan },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
  }
  await claimCall(
    request,
    "finalSubmitClaim",
    {
      ...payload,
      webReferenceNumber,
      basicInformation: { ...payload.basicInformation, ...basicInformation },
      declarations: { truthful: "Y", medicalRecordsRelease: "Y", dataPrivacy: "Y" },
    },
    token,
  );
  return webReferenceNumber;
}

/** The request the claimant's replacement answers, by the request it replaces. */
export async function replacementOf(
  request: APIRequestContext,
  reference: string,
  replaced: string,
): Promise<string | undefined> {
  const { requirements } = (await insurer(request, reference)) as {
    requirements: { id: string; replaces: string | null }[];
  };
  return requirements.find((item) => item.replaces === replaced)?.id;
}
