import { expect } from "vitest";
import { multipartBody } from "./claim-documents.ts";
import { API_KEY, basicInformation, MOBILE, MOBILE_63, type StartedClaim } from "./test-app.ts";

// The claim calls over real HTTP, for the tests that run main.ts as its own process.

/** A claim call to the server at `baseUrl`: its status and its JSON body. */
export async function postClaimCall<Body = Record<string, unknown>>(
  baseUrl: string,
  call: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: Body }> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-api-key": API_KEY,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}/api/claims/${call}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** Starts a claim and passes the OTP with the code read from the development outbox. */
export async function verifiedClaimOn(baseUrl: string): Promise<StartedClaim> {
  const init = await postClaimCall<StartedClaim>(baseUrl, "initClaimRequest", { basicInformation });
  const { webReferenceNumber, token } = init.body;
  const claim = { basicInformation, webReferenceNumber };
  const sent = await postClaimCall(
    baseUrl,
    "requestOneTimePIN",
    { ...claim, countryCode: "63", mobileNumber: MOBILE, firstName: "Jose" },
    token,
  );
  expect(sent.status).toBe(200);
  const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?to=${MOBILE_63}`)).json()) as {
    messages: { text: string }[];
  };
  const code = outbox.messages.at(-1)?.text.match(/\b\d{6}\b/)?.[0] ?? "";
  const validated = await postClaimCall(
    baseUrl,
    "validateOneTimePIN",
    { ...claim, oneTimePIN: code },
    token,
  );
  expect(validated.status).toBe(200);
  return { webReferenceNumber, token: validated.body.token as string };
}

/** uploadDocument's form for a file of this slot: a PDF or a JPEG by its name. */
export function documentForm(
  claim: StartedClaim,
  slotKey: string,
  bytes: Uint8Array,
  filename: string,
  replace?: boolean,
) {
  return multipartBody(
    {
      webReferenceNumber: claim.webReferenceNumber,
      slotKey,
      ...(replace === undefined ? {} : { replace: String(replace) }),
    },
    {
      name: "file",
      filename,
      bytes,
      contentType: filename.endsWith(".pdf") ? "application/pdf" : "image/jpeg",
    },
  );
}

/** uploadDocument over real HTTP with a form from documentForm. */
export async function uploadOn(
  baseUrl: string,
  claim: StartedClaim,
  form: { payload: Buffer; contentType: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/api/claims/uploadDocument`, {
    method: "POST",
    headers: {
      "content-type": form.contentType,
      "x-api-key": API_KEY,
      authorization: `Bearer ${claim.token}`,
    },
    body: form.payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
