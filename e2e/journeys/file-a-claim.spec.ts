import { emptyGuardian } from "@kalinga/domain/beneficiary";
import { noPayout } from "@kalinga/domain/fixtures/claim-payload-samples";
import { noLossDetails } from "@kalinga/domain/fixtures/insured-loss";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  anaMinor,
  type BeneficiaryAnswers,
  bpiAccount,
  chooseTile,
  field,
  fillBankPayout,
  fillBeneficiary,
  fillDeath,
  heartAttack,
  ILLNESS_NEUROLOGICAL_QUESTION,
  johnUsCitizen,
  manilaDate,
  motorcycleAccident,
  payloadDate,
  startClaimToDocuments,
  startVerifiedClaim,
  typeDate,
} from "../support/claim-steps.ts";
import {
  phonePhoto,
  scannedPdf,
  slotCard,
  type TestFile,
  uploadEveryRequired,
} from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { maria, pressNext } from "../support/start-form.ts";
import { agreeAndSubmit, claimRecord, expectAcknowledgment } from "../support/submission.ts";

// Three claims filed from the corporate website's demo page to the confirmation, with real photos
// and PDFs; each stored payload is compared with section 3 field for field.

const basic = { companyName: "Kalinga Life", channelName: "Corporate Website", isFirstSubmit: "Y" };

/** Maria's Step 1 answers as the payload carries them. */
function mariasInsuredInformation(mobile: string) {
  return {
    firstName: maria.firstName,
    middleName: maria.middleName,
    noMiddleName: "N",
    lastName: maria.lastName,
    suffix: "",
    dateOfBirth: payloadDate(maria.dateOfBirth),
    countryResident: "PH",
    citizenship: "PH",
    phoneNumber: mobile,
    emailAddress: maria.email,
    homeAddress: maria.homeAddress,
    countryCode: "63",
  };
}

const noPolicyOwnerCompany = {
  policyType: "Individual",
  corporateCompany: "",
  corporateCompanyName: "",
};

let photo: TestFile;
let pdf: TestFile;
test.beforeAll(async () => {
  photo = await phonePhoto("IMG_20261102_1015.jpg", 3000, 2250);
  pdf = await scannedPdf("scan.pdf", "Certified true copy");
});

test.describe("Filing a claim to the confirmation", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a living accident claim, paid to a bank account", async ({ page, request }, testInfo) => {
    const mobile = await startClaimToDocuments(page, request);
    const asked = await uploadEveryRequired(page, photo, pdf);
    expect(asked).toContain("Operating room or surgical report");
    await pressNext(page);

    const reference = await agreeAndSubmit(page, testInfo, "living-accident");
    await expect(page.getByText(/by SMS to \+63 \*{6}\d{4} and by e-mail to/)).toContainText(
      maria.email,
    );

    const record = await claimRecord(request, reference);
    expect(record.status).toBe("CLAIM APPLICATION SUBMITTED");
    const accidentDate = payloadDate(motorcycleAccident.accidentDate);
    expect(record.submission?.payload).toEqual({
      webReferenceNumber: reference,
      basicInformation: { ...basic, claimType: "Living", causeOfLoss: "AC", natureOfDeath: "" },
      policyInformation: { ...noPolicyOwnerCompany, policyNumber: "1234567890" },
      insuredInformation: {
        ...mariasInsuredInformation(mobile),
        ...noLossDetails,
        dateOfLoss: accidentDate,
        injuryDetails: motorcycleAccident.injury,
        partOfBodyInjured: motorcycleAccident.partOfBody,
        accidentDate,
        accidentPlace: motorcycleAccident.place,
        accidentResult: "N",
        isSurgeryPerformed: "Y",
        isConfinement: "Y",
        firstDiagnosedDate: payloadDate(motorcycleAccident.firstConsultation ?? ""),
      },
      beneficiaryList: [],
      payoutInformation: {
        payoutMethod: "Bank Credit",
        bankCode: "BPI",
        bankName: bpiAccount.bank,
        accountName: bpiAccount.accountName,
        accountNumber: bpiAccount.accountNumber,
      },
    });
    expect(record.submission?.declarations).toEqual({
      truthful: "Y",
      medicalRecordsRelease: "Y",
      dataPrivacy: "Y",
    });
    // One stored file per required slot, each a PDF with its checksum, all still required.
    expect(record.documents).toHaveLength(asked.length);
    for (const document of record.documents) {
      expect(document.name).toMatch(/\.pdf$/);
      expect(document.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(document.slotRequired).toBe(true);
    }
    await expectAcknowledgment(request, reference, { mobile63: `63${mobile}`, email: maria.email });

    // A reload of the confirmation shows it again; the documents step now sends here.
    await page.reload();
    await expect(
      page.getByRole("heading", { name: "Your claim has been submitted" }),
    ).toBeVisible();
    await page.goto("/help-support/claims/claims-documents");
    await expect(page).toHaveURL(/\/claims-submission$/);
  });

  test("a living illness claim, with an edit from the review", async ({
    page,
    request,
  }, testInfo) => {
    const mobile = await startVerifiedClaim(page, request);
    const symptoms = manilaDate(-45);
    const consultation = manilaDate(-40);
    await chooseTile(page, "Type of claim", "Living");
    await chooseTile(page, "Was it an accident or an illness?", "Illness");
    await field(page, "Diagnosis").fill("Dengue fever");
    await field(page, "Illness details").fill("High fever and low platelet count for a week");
    await chooseTile(page, ILLNESS_NEUROLOGICAL_QUESTION, "No");
    await typeDate(page, "Date symptoms were discovered", symptoms);
    await typeDate(page, "Date of first consultation", consultation);
    await page.getByRole("checkbox", { name: "Confinement in a hospital" }).check();
    await pressNext(page);
    await fillBankPayout(page, {
      bank: "BDO Unibank",
      accountName: "Maria Dela Cruz",
      accountNumber: "001234567890",
    });
    await pressNext(page);
    await uploadEveryRequired(page, photo, pdf);
    await pressNext(page);

    // Edit from the review: the diagnosis changes and Next comes back to the review.
    await expect(page).toHaveURL(/\/claims-review$/);
    await page.getByRole("link", { name: "Edit claim details" }).click();
    await expect(page).toHaveURL(/\/claims-details$/);
    await field(page, "Diagnosis").fill("Dengue hemorrhagic fever");
    await pressNext(page);
    await expect(page).toHaveURL(/\/claims-review$/);
    await expect(page.getByRole("region", { name: "Claim details" })).toContainText(
      "Dengue hemorrhagic fever",
    );
    // The account number shows its last 4 digits only.
    await expect(page.getByRole("region", { name: "Payout" })).toContainText("********7890");

    const reference = await agreeAndSubmit(page, testInfo, "living-illness", { keyboard: true });
    const record = await claimRecord(request, reference);
    expect(record.submission?.payload).toEqual({
      webReferenceNumber: reference,
      basicInformation: { ...basic, claimType: "Living", causeOfLoss: "IL", natureOfDeath: "" },
      policyInformation: { ...noPolicyOwnerCompany, policyNumber: "" },
      insuredInformation: {
        ...mariasInsuredInformation(mobile),
        ...noLossDetails,
        dateOfLoss: payloadDate(consultation),
        diagnosis: "Dengue hemorrhagic fever",
        illnessDetails: "High fever and low platelet count for a week",
        illnessResult: "N",
        isConfinement: "Y",
        dateSymptomsDiscovered: payloadDate(symptoms),
        firstDiagnosedDate: payloadDate(consultation),
      },
      beneficiaryList: [],
      payoutInformation: {
        payoutMethod: "Bank Credit",
        bankCode: "BDO",
        bankName: "BDO Unibank",
        accountName: "Maria Dela Cruz",
        accountNumber: "001234567890",
      },
    });
  });

  test("a death claim with two beneficiaries, a minor and a US citizen, then a rating", async ({
    page,
    request,
  }, testInfo) => {
    const mobile = await startVerifiedClaim(page, request);
    await fillDeath(page, heartAttack);
    await pressNext(page);
    for (const beneficiary of [anaMinor, johnUsCitizen]) {
      await page.getByRole("button", { name: "Add a beneficiary" }).click();
      await fillBeneficiary(page, beneficiary);
      await page.getByRole("button", { name: "Save beneficiary" }).click();
    }
    await pressNext(page);

    // The minor's guardian papers, the spouse's marriage certificate and the US person's W-9.
    await expect(page).toHaveURL(/\/claims-documents$/);
    await expect(page.getByRole("heading", { name: "Beneficiary 1: Ana Dela Cruz" })).toBeVisible();
    for (const name of [
      "Guardian's valid government ID (front) for beneficiary 1",
      "Affidavit of guardianship for beneficiary 1",
      "PSA birth certificate of the minor for beneficiary 1",
      "PSA marriage certificate for beneficiary 2",
      "Form W-9 for beneficiary 2",
    ]) {
      await expect(slotCard(page, name)).toBeVisible();
    }
    await expect(slotCard(page, "Form W-9 for beneficiary 1")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "death-documents");
    const asked = await uploadEveryRequired(page, photo, pdf);
    await pressNext(page);

    const reference = await agreeAndSubmit(page, testInfo, "death");
    const record = await claimRecord(request, reference);
    const dateOfDeath = payloadDate(heartAttack.dateOfDeath);
    const beneficiary = (answers: BeneficiaryAnswers, no: number, codes: BeneficiaryCodes) => ({
      beneficiaryNo: no,
      countryCode: "63",
      mainlandChinaStatement: "",
      markectingCampaignsConsent: "",
      financialServicesConsent: "",
      relationship: answers.relationship,
      honorific: codes.honorific,
      firstName: answers.firstName,
      middleName: answers.middleName,
      noMiddleName: answers.middleName ? "N" : "Y",
      lastName: answers.lastName,
      suffix: "",
      dateOfBirth: payloadDate(answers.dateOfBirth),
      placeOfBirth: answers.placeOfBirth,
      citizenship: codes.country,
      nationality: codes.country,
      phoneNumber: answers.mobile,
      emailAddress: answers.email,
      addressLine1: answers.addressLine1,
      addressLine2: "",
      province: answers.province,
      districtOrBarangay: answers.districtOrBarangay,
      city: answers.city,
      country: codes.country,
      zipCode: answers.zipCode,
      gender: codes.sex,
      sex: codes.sex,
      occupation: answers.occupation,
      employerName: answers.employerName ?? "",
      positionStatement: answers.position ?? "",
      docVerifyAuthorize: "Y",
      hasForm: codes.country === "US" ? 1 : 0,
      guardian: answers.guardian
        ? {
            firstName: answers.guardian.firstName,
            middleName: answers.guardian.middleName,
            lastName: answers.guardian.lastName,
            relationship: answers.guardian.relationship,
            phoneNumber: answers.guardian.mobile,
            emailAddress: answers.guardian.email,
          }
        : emptyGuardian,
    });
    expect(record.submission?.payload).toEqual({
      webReferenceNumber: reference,
      basicInformation: {
        ...basic,
        claimType: "Death",
        causeOfLoss: heartAttack.cause,
        natureOfDeath: "IL",
      },
      policyInformation: { ...noPolicyOwnerCompany, policyNumber: "" },
      insuredInformation: {
        ...mariasInsuredInformation(mobile),
        ...noLossDetails,
        dateOfLoss: dateOfDeath,
      },
      beneficiaryList: [
        beneficiary(anaMinor, 1, { honorific: "Miss", country: "PH", sex: "F" }),
        beneficiary(johnUsCitizen, 2, { honorific: "Mr", country: "US", sex: "M" }),
      ],
      payoutInformation: noPayout,
    });
    expect(record.documents.map((d) => d.slotKey).sort()).toHaveLength(asked.length);
    expect(record.documents.some((d) => d.slotKey.includes("W9F2"))).toBe(true);

    // The rating: none chosen is refused; 4 with a comment is stored.
    await page.getByRole("link", { name: "Rate your experience" }).click();
    await expect(page).toHaveURL(/\/claims-rating$/);
    await expectNoAxeViolations(page);
    const sendRating = page.getByRole("button", { name: "Send rating" });
    expect((await sendRating.boundingBox())?.height).toBeLessThanOrEqual(52);
    await sendRating.click();
    await expect(page.getByText("Please choose a rating from 1 to 5.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "1 · Very hard" })).toBeFocused();
    await page.getByRole("radio", { name: "4 · Easy" }).check();
    await page.getByLabel("Tell us more (optional)").fill("Clear steps; the upload was quick.");
    await saveScreenshot(page, testInfo, "rating-filled");
    await page.getByRole("button", { name: "Send rating" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your rating" })).toBeFocused();
    const rated = await claimRecord(request, reference);
    expect(rated.rating).toMatchObject({
      rating: 4,
      comment: "Clear steps; the upload was quick.",
    });
  });
});

type BeneficiaryCodes = { honorific: string; country: string; sex: string };
