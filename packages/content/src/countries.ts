import type { Option } from "./page-content.ts";

// ISO 3166-1 alpha-2 codes; the names come from the runtime's own locale data (Intl.DisplayNames),
// so the list costs a few hundred bytes and speaks the claimant's language.
const CODES =
  "AF AX AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BQ BA BW BV BR IO BN BG BF BI CV KH CM CA KY CF TD CL CN CX CC CO KM CG CD CK CR CI HR CU CW CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FK FO FJ FI FR GF PF TF GA GM GE DE GH GI GR GL GD GP GU GT GG GN GW GY HT HM VA HN HK HU IS IN ID IR IQ IE IM IL IT JM JP JE JO KZ KE KI KP KR KW KG LA LV LB LS LR LY LI LT LU MO MG MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN ME MS MA MZ MM NA NR NP NL NC NZ NI NE NG NU NF MK MP NO OM PK PW PS PA PG PY PE PH PN PL PT PR QA RE RO RU RW BL SH KN LC MF PM VC WS SM ST SA SN RS SC SL SG SX SK SI SB SO ZA GS SS ES LK SD SR SJ SE CH SY TW TJ TZ TH TL TG TK TO TT TN TR TM TC TV UG UA AE GB US UM UY UZ VU VE VN VG VI WF EH YE ZM ZW";

export function countryOptions(locale = "en"): Option[] {
  const names = new Intl.DisplayNames([locale, "en"], { type: "region" });
  const options = CODES.split(" ").map((value) => ({ label: names.of(value) ?? value, value }));
  const byName = new Intl.Collator(locale);
  // The Philippines first: nearly every claimant picks it.
  return options.sort((a, b) =>
    a.value === "PH" ? -1 : b.value === "PH" ? 1 : byName.compare(a.label, b.label),
  );
}
