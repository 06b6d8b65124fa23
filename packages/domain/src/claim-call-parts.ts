import * as z from "zod/mini";
import { freeText } from "./free-text.ts";
import { WEB_REFERENCE_SHAPE } from "./web-reference-number.ts";

// What every claim call's body carries and every answer's returnCode, apart from the calls
// themselves, so the filing, draft and tracking contracts each build on it without importing
// one another.

// The return codes are names without schemas (claim-api-names.ts), which the widget loads at start.
export { RETURN_CODES, type ReturnCode } from "./claim-api-names.ts";

export const basicInformationSchema = z.object({
  companyName: z.string().check(z.minLength(1), z.maxLength(100)),
  channelName: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type BasicInformation = z.infer<typeof basicInformationSchema>;

/** Every claim call carries these; agentCode only on the agent-assist channel. */
export const claimCallCommon = {
  basicInformation: basicInformationSchema,
  agentCode: z.optional(freeText("agentCode").check(z.maxLength(50))),
};

export const webReferenceNumberSchema = z.string().check(z.regex(WEB_REFERENCE_SHAPE));
