import { CLAIM_API_PATHS, RETURN_CODES } from "@kalinga/domain/claim-api";
import type { ClaimCallName } from "@kalinga/domain/claim-calls";
import { TEST_COMPANIES } from "@kalinga/domain/fixtures/companies";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { vi } from "vitest";
import { defaultContent } from "../content/page-content-client.ts";
import { openSession, type SessionKey, session } from "../session/session-store.ts";
import { ContentContext } from "../widget/contexts.ts";
import { resolveWidgetSetting } from "../widget/widget-options.ts";
import { configureWidget } from "../widget/widget-setting.ts";

// The widget's screens as a claimant meets them, for component tests: mounted as embed.tsx mounts
// them, with the real claim session, and a fake fetch that answers the claim API's calls.

/** Where the insurer's page embeds the widget, which decides its channel. */
const PAGES = {
  "corporate-website": "/help-support/claims",
  "member-portal": "/customer-portal/claims",
  "agent-assist": "/customer-portal-service/claims",
} as const;

/** A body the server answers a call with; returnCode "0" is added unless the answer names one. */
type Answer = { status?: number; body?: Record<string, unknown> };
export type Answers = Partial<
  Record<ClaimCallName, Answer | ((body: Record<string, unknown>) => Answer)>
>;
type Call = {
  name: ClaimCallName;
  body: Record<string, unknown>;
  headers: Record<string, string>;
};

const callOfPath = new Map(
  Object.entries(CLAIM_API_PATHS).map(([name, path]) => [
    `/api/claims${path}`,
    name as ClaimCallName,
  ]),
);

/** Answers the claim API from `answers` (anything else: 404) and lists the calls made, in order. */
export function fakeClaimApi(answers: Answers): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const name = callOfPath.get(new URL(url, "http://widget.test").pathname);
    const answer = name ? answers[name] : undefined;
    if (!name || !answer) return new Response("{}", { status: 404 });
    const body = JSON.parse(String(init.body ?? "{}")) as Record<string, unknown>;
    calls.push({ name, body, headers: init.headers as Record<string, string> });
    const { status = 200, body: sent = {} } = typeof answer === "function" ? answer(body) : answer;
    return Response.json({ returnCode: RETURN_CODES.ok, ...sent }, { status });
  });
  return calls;
}

/** Every item of the session, so each test starts from an empty tab. */
const EVERY_ITEM: Record<SessionKey, true> = {
  step1: true,
  webReferenceNumber: true,
  token: true,
  isOtpAvailable: true,
  otpVerify: true,
  isRemindedForLivingClaims: true,
  claimDataStore: true,
  level1TransactionNumbers: true,
  submittedClaim: true,
  draftOffer: true,
  trackingCheck: true,
  trackedClaim: true,
  agentCode: true,
  config: true,
  locale: true,
};

/** A new tab: the session emptied and opened again, the widget configured for `channel`. */
export async function openWidget(
  channel: keyof typeof PAGES,
  options: { assertion?: string; policyNumber?: string } = {},
): Promise<void> {
  for (const name of Object.keys(EVERY_ITEM) as SessionKey[]) session.remove(name);
  await openSession();
  configureWidget(
    resolveWidgetSetting(
      { apiBase: "/api", apiKey: "test-key", routerBase: "/", locale: "en", ...options },
      { pathname: PAGES[channel], host: "localhost" } as Location,
      TEST_COMPANIES,
    ),
  );
}

/** The route the claimant is on, for tests to read where a screen led. */
function CurrentRoute() {
  return <output data-testid="current-route">{useLocation().pathname}</output>;
}

/** Renders `routes` at `path`, inside the widget's content and a router, as the claimant sees it. */
export function renderAt(path: string, routes: ReactNode) {
  return render(
    <ContentContext.Provider
      value={{ page: defaultContent("en"), notice: null, fromService: false }}
    >
      <MemoryRouter initialEntries={[path]}>
        {routes}
        <CurrentRoute />
      </MemoryRouter>
    </ContentContext.Provider>,
  );
}

/** A portal's signed assertion as the widget reads it (the signature is the server's to check). */
export function portalAssertion(claims: Record<string, unknown> = {}): string {
  return `header.${btoa(JSON.stringify({ sub: "portal-user", ...claims }))}.signature`;
}
