import { type APIRequestContext, expect } from "@playwright/test";

// The demo member's and agent's policies, sent by the insurer's core system before each portal
// journey. Journeys of two projects run at once on one server: every journey that seeds these
// policy numbers seeds the same records, so none sees another's between its seed and its checks.

const INSURER = { authorization: "Bearer kalinga-dev-insurer-key" };

/** The demo member's and agent's policies, as the insurer's core system sends them. */
const policy = (
  policyNumber: string,
  first: string,
  last: string,
  mobile: string,
  agentCode: string,
) => ({
  companyName: "Kalinga Life",
  policyNumber,
  policyType: "Individual",
  status: "in-force",
  insuredFirstName: first,
  insuredMiddleName: "S",
  insuredLastName: last,
  insuredDateOfBirth: "1980-03-05",
  ownerFirstName: first,
  ownerLastName: last,
  ownerMobile: mobile,
  ownerEmail: `${first.split(" ")[0]?.toLowerCase()}.${last.toLowerCase().replaceAll(" ", "")}@example.ph`,
  agentCode,
});

export async function seedPortalPolicies(request: APIRequestContext) {
  const answer = await request.post("/api/insurer/policies", {
    headers: INSURER,
    data: {
      policies: [
        policy("1234567890", "Maria Peña", "Dela Cruz", "9171234567", "AG-1001"),
        policy("2234567891", "Jose", "Rizal", "9171112233", "AG-1001"),
        policy("3798935572", "Grace", "Reyes", "9151847156", "AG-1001"),
      ],
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}
