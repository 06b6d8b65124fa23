// How to write a name the rule of section 5 takes (letters, digits and spaces only), said once for
// every name field: Step 1's defaults, the beneficiary and the guardian.

export const NAME_TIPS = {
  allowed:
    "Letters, numbers and spaces only: no dots, hyphens, commas or apostrophes. Letters such as ñ and é are fine.",
  howTo: "Write Ma. Luisa as Ma Luisa, and Dela Cruz-Santos as Dela Cruz Santos.",
  middleInitial: "Write the initial without a dot: S, not S.",
  noMiddleName: "No middle name? Tick No middle name instead.",
} as const;
