import * as z from "zod/mini";
import { ENVIRONMENTS, hostHasPattern } from "./channel.ts";
import { COMPANY_CONFIG_TEXTS as T } from "./company-config-texts.ts";

// The insurer's companies as data (decision 0083): what the widget, the messages and the claim calls
// need to know of each, and the path and host patterns that select one from a page's location. The
// set is checked as a whole: ids, names and patterns must leave no page to two companies.

const text = (max: number) =>
  z
    .string({ error: T.required })
    .check(z.trim(), z.minLength(1, T.required), z.maxLength(max, T.tooLong(max)));
const matching = (pattern: RegExp, message: string) =>
  z.string({ error: T.required }).check(z.regex(pattern, message));

const colour = matching(/^#[0-9a-fA-F]{6}$/, T.colour);
/** https anywhere; plain http only on the machine itself, for development pages. */
const logoUrl = matching(
  /^(https:\/\/[^\s/"'<>]+|http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?)(\/[^\s"'<>]*)?$/,
  T.logoUrl,
);
const origin = matching(/^https?:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/, T.origin);
const pageAddress = matching(/^(\/\S*|https?:\/\/[^\s/]+(\/\S*)?)$/, T.pageAddress);
const keyId = matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, T.keyId);
const SEGMENT = "[a-z0-9._~-]+";
const pathPattern = matching(new RegExp(`^${SEGMENT}(/${SEGMENT})*$`), T.pathPattern);
const hostPattern = matching(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, T.hostPattern);
const channelSegment = matching(new RegExp(`^${SEGMENT}$`), T.channelSegment);

/** The words shown for a company in one locale. */
const companyTextsSchema = z.strictObject({
  displayName: text(100),
  /** The member portal's name in the reminder popup. */
  memberPortalName: text(100),
  /** The last lines of every e-mail to a claimant. */
  emailFooter: text(500),
});

export const companyConfigSchema = z.strictObject({
  id: matching(/^[a-z0-9][a-z0-9-]{0,39}$/, T.id),
  /** The name the widget sends as basicInformation.companyName, and claims are kept under. */
  companyName: text(100),
  /** Per locale: `en` always, and every locale the deployment serves. */
  texts: z.record(z.string(), companyTextsSchema),
  brand: z.strictObject({
    primaryColour: colour,
    onPrimaryColour: colour,
    /** Shown above the widget's screens, named by the display name. */
    logoUrl: z.optional(logoUrl),
  }),
  sms: z.strictObject({
    sender: matching(/^[A-Za-z0-9 ]{1,11}$/, T.smsSender),
  }),
  email: z.strictObject({
    from: matching(/^([^<>@\n]{1,80} <)?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/, T.emailSender),
  }),
  /** Where the reminder popup sends a claimant to enrol. */
  memberPortalUrl: pageAddress,
  /** The portal's login page per environment; SIT's serves an environment without its own. */
  loginPages: z.strictObject({
    DEV: z.optional(pageAddress),
    SIT: pageAddress,
    UAT: z.optional(pageAddress),
    PROD: z.optional(pageAddress),
  }),
  /** The names of the widget's api keys per environment; the keys stay in KALINGA_API_KEYS. */
  widgetApiKeyIds: z.strictObject({
    DEV: z.optional(keyId),
    SIT: z.optional(keyId),
    UAT: z.optional(keyId),
    PROD: z.optional(keyId),
  }),
  /**
   * Host patterns per environment (whole dot- or dash-separated parts of the host name), read
   * DEV, SIT, UAT then PROD; a host none of them names is SIT.
   */
  environmentHosts: z.strictObject({
    DEV: z.array(hostPattern),
    SIT: z.array(hostPattern),
    UAT: z.array(hostPattern),
    PROD: z.array(hostPattern),
  }),
  /** The insurer's page origins ("https://www.insurer.ph") whose pages may call the API. */
  allowedOrigins: z.optional(z.array(origin)),
  selection: z.strictObject({
    /** The company of a page that no company's pattern selects. */
    default: z.boolean({ error: T.required }),
    /** Segments ("bank-life", or "ph/bank-life") that select the company wherever they are in the path. */
    pathPatterns: z.array(pathPattern),
    /** Parts of a host name ("banklife") that select the company when the path does not. */
    hostPatterns: z.array(hostPattern),
  }),
  /** The path segment of each channel's pages. */
  channelSegments: z.strictObject({
    "corporate-website": channelSegment,
    "member-portal": channelSegment,
    "agent-assist": channelSegment,
  }),
});

export type CompanyConfig = z.infer<typeof companyConfigSchema>;
export type CompanyTexts = z.infer<typeof companyTextsSchema>;

/** A refusal of the set: the company (its id, or its place in the list), the field and why. */
export type CompanyProblem = { company: string; field: string; message: string };

export type CompanyValidation =
  | { ok: true; companies: CompanyConfig[] }
  | { ok: false; problems: CompanyProblem[] };

export const describeCompanyProblem = (problem: CompanyProblem) =>
  T.problem(problem.company, problem.field, problem.message);

const companyLabel = (value: unknown, index: number) => {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === "string" && id !== "" ? id : `#${index + 1}`;
};

type Issue = { path: PropertyKey[]; message: string; code: string; keys?: string[] };

const valueAt = (value: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>(
    (at, key) =>
      at !== null && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[key] : undefined,
    value,
  );

function shapeProblems(value: unknown, index: number): CompanyProblem[] {
  const result = companyConfigSchema.safeParse(value);
  if (result.success) return [];
  const company = companyLabel(value, index);
  return (result.error.issues as Issue[]).flatMap((issue) => {
    const field = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      return (issue.keys ?? []).map((key) => ({
        company,
        field: field ? `${field}.${key}` : key,
        message: T.unknownField,
      }));
    }
    // Zod's own wording of a wrong or missing value becomes the configuration's.
    const own = issue.code !== "invalid_type" || !issue.message.startsWith("Invalid input");
    const missing = valueAt(value, issue.path) === undefined;
    const message = own ? issue.message : missing ? T.required : T.wrongKind;
    return [{ company, field: field || "(company)", message }];
  });
}

function localeProblems(company: CompanyConfig, locales: readonly string[]): CompanyProblem[] {
  return [...new Set(["en", ...locales])]
    .filter((locale) => company.texts[locale] === undefined)
    .map((locale) => ({
      company: company.id,
      field: `texts.${locale}`,
      message: T.missingLocale(locale),
    }));
}

function channelProblems(company: CompanyConfig): CompanyProblem[] {
  const segments = Object.entries(company.channelSegments);
  return segments
    .filter(([channel, segment]) =>
      segments.some(([other, s]) => other !== channel && s === segment),
    )
    .map(([channel]) => ({
      company: company.id,
      field: `channelSegments.${channel}`,
      message: T.sameChannelSegment,
    }));
}

/** Two environments of one company may not name the same host: one pattern a part of the other's. */
function environmentProblems(company: CompanyConfig): CompanyProblem[] {
  const problems: CompanyProblem[] = [];
  ENVIRONMENTS.forEach((env, index) => {
    for (const later of ENVIRONMENTS.slice(index + 1)) {
      for (const pattern of company.environmentHosts[env]) {
        const clash = company.environmentHosts[later].find(
          (theirs) => hostHasPattern(theirs, pattern) || hostHasPattern(pattern, theirs),
        );
        if (clash === undefined) continue;
        problems.push({
          company: company.id,
          field: `environmentHosts.${env}`,
          message: T.environmentOverlap(pattern, env, clash, later),
        });
      }
    }
  });
  return problems;
}

/** Two path patterns select the same pages when one's segments run inside the other's. */
const pathsOverlap = (a: string, b: string) =>
  `/${a}/`.includes(`/${b}/`) || `/${b}/`.includes(`/${a}/`);
/** Host patterns match as parts of a host, so one inside the other selects the same hosts. */
const hostsOverlap = (a: string, b: string) => a.includes(b) || b.includes(a);

function overlapProblems(companies: CompanyConfig[]): CompanyProblem[] {
  const problems: CompanyProblem[] = [];
  const kinds = [
    ["pathPatterns", pathsOverlap],
    ["hostPatterns", hostsOverlap],
  ] as const;
  companies.forEach((company, index) => {
    for (const other of companies.slice(index + 1)) {
      for (const [kind, overlaps] of kinds) {
        for (const pattern of company.selection[kind]) {
          const clash = other.selection[kind].find((theirs) => overlaps(pattern, theirs));
          if (clash === undefined) continue;
          problems.push({
            company: company.id,
            field: `selection.${kind}`,
            message: T.overlap(other.id, pattern, clash),
          });
        }
      }
    }
  });
  return problems;
}

function duplicateProblems(companies: CompanyConfig[]): CompanyProblem[] {
  const problems: CompanyProblem[] = [];
  companies.forEach((company, index) => {
    const before = companies.slice(0, index);
    if (before.some((c) => c.id === company.id)) {
      problems.push({ company: company.id, field: "id", message: T.duplicateId });
    }
    if (before.some((c) => c.companyName.toLowerCase() === company.companyName.toLowerCase())) {
      problems.push({ company: company.id, field: "companyName", message: T.duplicateCompanyName });
    }
  });
  const defaults = companies.filter((c) => c.selection.default);
  if (defaults.length !== 1) {
    const company = defaults[1]?.id ?? companies[0]?.id ?? "#1";
    problems.push({ company, field: "selection.default", message: T.oneDefault });
  }
  return problems;
}

/**
 * The whole set checked: each company's fields, `en` and every deployment locale's texts, unique ids
 * and company names, one default, and no path or host pattern that two companies share.
 */
export function validateCompanies(input: unknown, locales: readonly string[]): CompanyValidation {
  if (!Array.isArray(input)) {
    return { ok: false, problems: [{ company: "-", field: "-", message: T.notAList }] };
  }
  if (input.length === 0) {
    return { ok: false, problems: [{ company: "-", field: "-", message: T.noCompanies }] };
  }
  const shapes = input.flatMap((value, index) => shapeProblems(value, index));
  if (shapes.length > 0) return { ok: false, problems: shapes };
  const companies = input.map((value) => companyConfigSchema.parse(value));
  const problems = [
    ...companies.flatMap((company) => [
      ...localeProblems(company, locales),
      ...channelProblems(company),
      ...environmentProblems(company),
    ]),
    ...duplicateProblems(companies),
    ...overlapProblems(companies),
  ];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, companies };
}

/** What the widget may read of a company: no e-mail or SMS sender, no key ids, no origins. */
export type PublicCompany = Pick<
  CompanyConfig,
  | "id"
  | "companyName"
  | "texts"
  | "brand"
  | "memberPortalUrl"
  | "loginPages"
  | "environmentHosts"
  | "selection"
  | "channelSegments"
>;

export function publicCompany(company: CompanyConfig): PublicCompany {
  const { id, companyName, texts, brand, memberPortalUrl, loginPages, environmentHosts } = company;
  const { selection, channelSegments } = company;
  return {
    id,
    companyName,
    texts,
    brand,
    memberPortalUrl,
    loginPages,
    environmentHosts,
    selection,
    channelSegments,
  };
}
