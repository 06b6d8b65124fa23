import { API_KEY_HEADER, UPLOAD_DOCUMENT_FIELDS } from "@kalinga/domain/claim-api";
import type { ClaimCallSpec } from "@kalinga/domain/claim-calls";
import type { CompanyConfig } from "@kalinga/domain/company-config";
import { firstErrorPerField } from "@kalinga/domain/start-form";
import { TRACKING_CALLS } from "@kalinga/domain/tracking-calls";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";
import { API_MESSAGES, badRequest } from "./api-error.ts";
import { apiKeyId } from "./api-key-auth.ts";
import { multipartFormReader } from "./multipart-form.ts";
import { DOCUMENT_ROUTE_MESSAGES } from "./upload-messages.ts";

// A claim call's body as its row's schema allows it (400 with the fields in error otherwise): JSON
// with the configured company and channel names, or the uploads' form with its file.

type Issue = { path: PropertyKey[]; message: string };
type BasicInformation = { companyName: string; channelName: string };

const issuesOf = (error: unknown) => (error as { issues: Issue[] }).issues;

export function claimCallBodyReader(
  app: FastifyInstance,
  config: ServerConfig,
  companies: () => Promise<readonly CompanyConfig[]>,
) {
  const channelNames = new Set(Object.values(config.channelNames));
  const maxFileBytes = config.documents.file.maxFileBytes;
  const readUploadForm = multipartFormReader(app, {
    textFields: [
      UPLOAD_DOCUMENT_FIELDS.webReferenceNumber,
      UPLOAD_DOCUMENT_FIELDS.slotKey,
      UPLOAD_DOCUMENT_FIELDS.replace,
    ],
    fileField: UPLOAD_DOCUMENT_FIELDS.file,
    maxFileBytes,
  });
  // A document the insurer asked for names its request instead of a slot (decision 0055).
  const readRequirementForm = multipartFormReader(app, {
    textFields: [UPLOAD_DOCUMENT_FIELDS.webReferenceNumber, UPLOAD_DOCUMENT_FIELDS.requirementId],
    fileField: UPLOAD_DOCUMENT_FIELDS.file,
    maxFileBytes,
    unexpectedFieldMessage: DOCUMENT_ROUTE_MESSAGES.unexpectedRequirementField,
  });

  /**
   * The company's name is configured, and the widget's key one of the keys the company names
   * (decision 0093); a company that names none takes any known key.
   */
  async function companyIssue(companyName: string, apiKey: unknown): Promise<string | null> {
    const company = (await companies()).find((c) => c.companyName === companyName);
    if (!company) return API_MESSAGES.unknownCompany;
    const ids = Object.values(company.widgetApiKeyIds).filter((id) => id !== undefined);
    if (ids.length === 0 || typeof apiKey !== "string") return null;
    return ids.includes(apiKeyId(apiKey)) ? null : API_MESSAGES.otherCompanysKey;
  }

  async function parseJson<Body>(
    spec: ClaimCallSpec<Body>,
    body: unknown,
    apiKey: unknown,
  ): Promise<Body> {
    const result = spec.request.safeParse(body);
    const issues: Issue[] = result.success ? [] : [...issuesOf(result.error)];
    const basic = (body as { basicInformation?: Partial<BasicInformation> } | null)
      ?.basicInformation;
    const companyName = basic?.companyName;
    const companyMessage =
      typeof companyName === "string" ? await companyIssue(companyName, apiKey) : null;
    if (companyMessage !== null) {
      issues.push({ path: ["basicInformation", "companyName"], message: companyMessage });
    }
    if (typeof basic?.channelName === "string" && !channelNames.has(basic.channelName)) {
      issues.push({
        path: ["basicInformation", "channelName"],
        message: API_MESSAGES.unknownChannel,
      });
    }
    if (!result.success || issues.length > 0) throw badRequest(firstErrorPerField(issues));
    return result.data;
  }

  async function parseForm<Body>(spec: ClaimCallSpec<Body>, request: FastifyRequest) {
    const form = await (spec.path === TRACKING_CALLS.uploadRequirementDocument.path
      ? readRequirementForm(request)
      : readUploadForm(request));
    const result = spec.request.safeParse(form.fields);
    const errors = result.success ? [] : firstErrorPerField(issuesOf(result.error));
    if (!form.file) {
      errors.push({
        field: UPLOAD_DOCUMENT_FIELDS.file,
        message: DOCUMENT_ROUTE_MESSAGES.fileMissing,
      });
    }
    if (!result.success || !form.file) throw badRequest(errors);
    return { body: result.data, file: form.file };
  }

  /** The body and, on an upload, its file. */
  return async <Body>(spec: ClaimCallSpec<Body>, request: FastifyRequest) =>
    spec.encoding === "multipart"
      ? parseForm(spec, request)
      : { body: await parseJson(spec, request.body, request.headers[API_KEY_HEADER]), file: null };
}
