import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  type ClaimGuideTree,
  claimGuideTree,
  defaultClaimGuides,
} from "@kalinga/content/claim-guide";
import { countryOptions } from "@kalinga/content/countries";
import {
  englishPageContent,
  type PageContent,
  type TemporarilyUnavailableTip,
} from "@kalinga/content/page-content";
import type { ChannelId, CompanyId } from "@kalinga/domain/channel";

// The content the widget reads: page content per company, channel and locale (the English
// defaults, then the locale's, then the JSON overrides of the content folder merged in), the application config, and
// the temporarily-unavailable notice, re-read on each call so it can change without a restart.

export const CHANNEL_IDS: ChannelId[] = ["corporate-website", "member-portal", "agent-assist"];
/** Locales with their own country names; any other locale gets English. */
export const SUPPORTED_LOCALES = ["en", "fil"] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; anything else (lists included) is replaced. */
function mergeContent<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return (override ?? base) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override))
    merged[key] = mergeContent(merged[key], value);
  return merged as T;
}

function readJsonFile(file: string): Json {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Json;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Content file ${file} is not valid JSON: ${reason}`);
  }
}

const NOTICE_FIELDS = [
  "title",
  "content",
  "startTime",
  "endTime",
  "showCloseStartTime",
  "showCloseEndTime",
] as const;

function parseNotice(value: unknown, source: string): TemporarilyUnavailableTip {
  if (!isPlainObject(value)) throw new Error(`${source}: the notice must be a JSON object.`);
  for (const field of NOTICE_FIELDS) {
    if (typeof value[field] !== "string")
      throw new Error(`${source}: "${field}" must be a string.`);
    if (field.endsWith("Time") && Number.isNaN(Date.parse(value[field] as string))) {
      throw new Error(`${source}: "${field}" must be an ISO date-time.`);
    }
  }
  const tip = Object.fromEntries(NOTICE_FIELDS.map((field) => [field, value[field]]));
  return tip as TemporarilyUnavailableTip;
}

/** A claim-guide file: a tree of items, each an id and its page configuration as JSON text. */
function parseClaimGuide(value: Json, source: string): ClaimGuideTree {
  const items = isPlainObject(value) ? value.items : null;
  if (!Array.isArray(items)) throw new Error(`${source}: "items" must be a list.`);
  for (const item of items) {
    const element = isPlainObject(item) ? item.element : null;
    const text = isPlainObject(element) ? element.pageConfiguration : null;
    if (!isPlainObject(item) || typeof item.id !== "string" || typeof text !== "string") {
      throw new Error(
        `${source}: each item needs an "id" and an element's "pageConfiguration" text.`,
      );
    }
    if (!isPlainObject(JSON.parse(text))) {
      throw new Error(
        `${source}: item "${item.id}": pageConfiguration must be a JSON object's text.`,
      );
    }
  }
  return value as ClaimGuideTree;
}

/** Each locale's default guide as a tree; English for a locale without one. */
const DEFAULT_CLAIM_GUIDES = new Map(
  Object.entries(defaultClaimGuides).map(([locale, guide]) => [locale, claimGuideTree(guide)]),
);
const defaultGuide = (locale: string): ClaimGuideTree =>
  DEFAULT_CLAIM_GUIDES.get(locale) ?? (DEFAULT_CLAIM_GUIDES.get("en") as ClaimGuideTree);

export type ContentStore = ReturnType<typeof createContentStore>;

export function createContentStore(options: {
  contentDir: string;
  noticeFile: string | null;
  /** The companies configured at start; a company added later has its files read on first use. */
  companyIds: readonly CompanyId[];
}) {
  const { contentDir } = options;
  const noticeFile = options.noticeFile ?? path.join(contentDir, "notice.json");
  const optionalFile = (name: string) => {
    const file = path.join(contentDir, name);
    return existsSync(file) ? readJsonFile(file) : null;
  };

  const overrides = new Map<string, Json>();
  const guides = new Map<string, ClaimGuideTree>();
  const read = new Set<CompanyId>();
  const readCompany = (company: CompanyId) => {
    if (read.has(company)) return;
    const companyOverride = optionalFile(`${company}.json`);
    if (companyOverride !== null) overrides.set(company, companyOverride);
    for (const channel of CHANNEL_IDS) {
      const channelOverride = optionalFile(`${company}.${channel}.json`);
      if (channelOverride !== null) overrides.set(`${company}.${channel}`, channelOverride);
      // claim-guide.<company>.<channel>.json is English; .<locale>.json beside it another locale.
      for (const locale of SUPPORTED_LOCALES) {
        const guideName = `claim-guide.${company}.${channel}${locale === "en" ? "" : `.${locale}`}.json`;
        const guide = optionalFile(guideName);
        if (guide !== null) {
          guides.set(`${company}.${channel}.${locale}`, parseClaimGuide(guide, guideName));
        }
      }
    }
    read.add(company);
  };
  // Read once at start-up so a broken file stops the server, not a claimant.
  for (const company of options.companyIds) readCompany(company);
  const appConfig = optionalFile("app-config.json") ?? {};
  // A locale's labels, tips and lists (locales/<locale>.page.json), under the insurer's own edits.
  const localePages = new Map(
    SUPPORTED_LOCALES.map((locale) => [
      locale as string,
      optionalFile(`locales/${locale}.page.json`),
    ]),
  );
  parseNotice(readJsonFile(noticeFile), noticeFile);

  const pages = new Map<string, PageContent>();

  return {
    page(company: CompanyId, channel: ChannelId, locale: string): PageContent {
      const key = `${company}.${channel}.${locale}`;
      const cached = pages.get(key);
      if (cached) return cached;
      readCompany(company);
      let page: PageContent = {
        ...englishPageContent,
        dropdownList: { ...englishPageContent.dropdownList, country: countryOptions(locale) },
      };
      page = mergeContent(page, localePages.get(locale) ?? null);
      page = mergeContent(page, overrides.get(company) ?? null);
      page = mergeContent(page, overrides.get(`${company}.${channel}`) ?? null);
      pages.set(key, page);
      return page;
    },
    /**
     * The claim guide of a company and channel in a locale: its own file in that locale, else the
     * locale's default (the claimant reads their language before the company's English), else
     * the company's English file, else the English default.
     */
    claimGuide(company: CompanyId | null, channel: ChannelId, locale = "en"): ClaimGuideTree {
      if (company === null) return defaultGuide(locale);
      readCompany(company);
      const own = (inLocale: string) => guides.get(`${company}.${channel}.${inLocale}`);
      if (locale === "en") return own("en") ?? defaultGuide("en");
      return own(locale) ?? DEFAULT_CLAIM_GUIDES.get(locale) ?? own("en") ?? defaultGuide("en");
    },
    appConfig(): Json {
      return appConfig;
    },
    async notice(): Promise<TemporarilyUnavailableTip> {
      const text = await readFile(noticeFile, "utf8");
      return parseNotice(JSON.parse(text), noticeFile);
    },
  };
}
