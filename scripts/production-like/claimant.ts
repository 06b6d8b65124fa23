import { API_KEY_HEADER, UPLOAD_DOCUMENT_FIELDS } from "@kalinga/domain/claim-api";
import type { ClaimPayload } from "@kalinga/domain/claim-payload";
import { todayInManila } from "@kalinga/domain/dates";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";

// One claim filed over HTTP as the widget files it: start, the one-time PIN sent by SMS, a photo in
// each mandatory slot, the final submit. Any answer but 200 stops the run with the answer.

type Filing = {
  baseUrl: string;
  apiKey: string;
  payload: ClaimPayload;
  /** The mobile number without its country code 63. */
  mobile: string;
  photo: Buffer;
  /** The newest SMS text the gateway got for the mobile, if any. */
  otp: () => string | undefined;
};

const basicInformation = { companyName: "Kalinga Life", channelName: "Corporate Website" };

async function answered(call: string, response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${call} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function readOtp(filing: Filing): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const code = filing.otp()?.match(/\b\d{4,8}\b/)?.[0];
    if (code) return code;
    if (Date.now() > deadline) throw new Error("No one-time PIN reached the SMS gateway in 15 s.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function fileClaim(
  filing: Filing,
): Promise<{ webReferenceNumber: string; uploads: number }> {
  const headers = (token?: string): Record<string, string> => ({
    [API_KEY_HEADER]: filing.apiKey,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const call = async (name: string, body: Record<string, unknown>, token?: string) =>
    answered(
      name,
      await fetch(`${filing.baseUrl}/api/claims/${name}`, {
        method: "POST",
        headers: { ...headers(token), "content-type": "application/json" },
        body: JSON.stringify({ basicInformation, ...body }),
      }),
    );

  const started = await call("initClaimRequest", {});
  const webReferenceNumber = String(started.webReferenceNumber);
  const firstToken = String(started.token);
  await call(
    "requestOneTimePIN",
    { webReferenceNumber, countryCode: "63", mobileNumber: filing.mobile, firstName: "Josephine" },
    firstToken,
  );
  const oneTimePIN = await readOtp(filing);
  const verified = await call("validateOneTimePIN", { webReferenceNumber, oneTimePIN }, firstToken);
  const token = String(verified.token);

  const slots = mandatorySlotKeys(slotFactsOfPayload(filing.payload, todayInManila()));
  for (const slotKey of slots) {
    const form = new FormData();
    form.append(UPLOAD_DOCUMENT_FIELDS.webReferenceNumber, webReferenceNumber);
    form.append(UPLOAD_DOCUMENT_FIELDS.slotKey, slotKey);
    form.append(
      UPLOAD_DOCUMENT_FIELDS.file,
      new Blob([new Uint8Array(filing.photo)], { type: "image/jpeg" }),
      `${slotKey}.jpg`,
    );
    await answered(
      `uploadDocument (${slotKey})`,
      await fetch(`${filing.baseUrl}/api/claims/uploadDocument`, {
        method: "POST",
        headers: headers(token),
        body: form,
      }),
    );
  }
  await call(
    "finalSubmitClaim",
    {
      ...filing.payload,
      webReferenceNumber,
      basicInformation: { ...filing.payload.basicInformation, ...basicInformation },
      declarations: { truthful: "Y", medicalRecordsRelease: "Y", dataPrivacy: "Y" },
    },
    token,
  );
  return { webReferenceNumber, uploads: slots.length };
}
