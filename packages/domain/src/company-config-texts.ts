// What an administrator reads when a company's configuration is refused (console and start-up).

export const COMPANY_CONFIG_TEXTS = {
  notAList: "The configuration is a list of companies.",
  noCompanies: "At least one company is configured.",
  id: "An id is 1 to 40 lower-case letters, digits or dashes, starting with a letter or digit.",
  required: "This field is required.",
  wrongKind: "This field has the wrong kind of value (text, list, yes/no or group of fields).",
  tooLong: (max: number) => `At most ${max} characters.`,
  colour: "A colour is written #rrggbb, e.g. #0a5bab.",
  logoUrl:
    "A logo is an https:// address (http:// only on localhost or 127.0.0.1 for development).",
  origin: 'An allowed origin is a scheme, host and optional port, e.g. "https://www.insurer.ph".',
  pageAddress: "A page address is a path starting with / or an http(s):// address.",
  smsSender: "An SMS sender is 1 to 11 letters, digits or spaces.",
  emailSender: 'An e-mail sender is an address, or a name and <address>, e.g. "Claims <c@x.ph>".',
  keyId: "A key id is 1 to 40 letters, digits, dots, dashes or underscores.",
  pathPattern: "A path pattern is one or more segments of lower-case letters, digits, . _ ~ or -.",
  hostPattern: "A host pattern is lower-case letters, digits, dots and dashes.",
  channelSegment: "A channel's path segment is lower-case letters, digits, . _ ~ or -.",
  sameChannelSegment: "Each channel needs a path segment of its own.",
  unknownField: "This field is not part of a company's configuration.",
  missingLocale: (locale: string) => `The texts for locale "${locale}" are missing.`,
  duplicateId: "Another company has this id.",
  duplicateCompanyName: "Another company sends this company name.",
  oneDefault: "Exactly one company is the default (selection.default: true).",
  overlap: (other: string, pattern: string, otherPattern: string) =>
    pattern === otherPattern
      ? `"${pattern}" also selects company "${other}".`
      : `"${pattern}" and company "${other}"'s "${otherPattern}" select the same pages.`,
  environmentOverlap: (pattern: string, env: string, other: string, otherEnv: string) =>
    pattern === other
      ? `"${pattern}" also names the ${otherEnv} environment.`
      : `"${pattern}" (${env}) and "${other}" (${otherEnv}) name the same hosts.`,
  problem: (company: string, field: string, message: string) =>
    `Company "${company}", ${field}: ${message}`,
} as const;
