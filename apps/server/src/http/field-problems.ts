import type * as z from "zod/mini";

// Bad input named field by field: each problem says the field (its path in the body, query or
// path, "body" for the body as a whole), the rule it broke and a message a person can act on
// (docs/decisions/0070). zod/mini carries no messages of its own ("Invalid input" for everything),
// so the messages of the rules a schema leaves unworded are given here, when the input is parsed.

export type FieldProblem = { field: string; rule: string; message: string };

/** What each rule is called, by zod's issue code; a check of our own names its rule in params. */
const RULE_OF_CODE: Record<string, string> = {
  invalid_type: "type",
  unrecognized_keys: "unknown-key",
  invalid_value: "one-of",
  invalid_union: "one-of",
  too_small: "min",
  too_big: "max",
  invalid_format: "format",
  not_multiple_of: "multiple-of",
  invalid_key: "format",
  invalid_element: "format",
  custom: "format",
};

const FIELD_MESSAGES = {
  required: "Required.",
  unknownKey: "Not a field of this request: leave it out.",
  notAccepted: "Not accepted.",
  oneOf: (values: readonly unknown[]) => `Use one of: ${values.map(String).join(", ")}.`,
  oneOfForms: "Not one of the accepted forms.",
  type: (expected: string) => `Use ${TYPE_WORDS[expected] ?? expected}.`,
  notEmpty: "Must not be empty.",
  atLeastCharacters: (n: number) => `Use at least ${n} characters.`,
  atMostCharacters: (n: number) => `Use at most ${n} characters.`,
  atLeastItems: (n: number) => `Send at least ${n}.`,
  atMostItems: (n: number) => `Send at most ${n}.`,
  atLeast: (n: number) => `Use ${n} or more.`,
  atMost: (n: number) => `Use ${n} or less.`,
  format: (format: string) => `Not in the expected form (${format}).`,
} as const;

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null",
};

type RawIssue = z.core.$ZodRawIssue;

/** The message of a rule the schema left unworded; passed to safeParse as its error map. */
export function fieldMessage(issue: RawIssue): string {
  const M = FIELD_MESSAGES;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? M.required : M.type(String(issue.expected));
    case "unrecognized_keys":
      return M.unknownKey;
    case "invalid_value":
      return M.oneOf(issue.values);
    case "invalid_union":
      return M.oneOfForms;
    case "too_small": {
      const n = Number(issue.minimum);
      if (issue.origin === "string") return n === 1 ? M.notEmpty : M.atLeastCharacters(n);
      return issue.origin === "array" ? M.atLeastItems(n) : M.atLeast(n);
    }
    case "too_big": {
      const n = Number(issue.maximum);
      if (issue.origin === "string") return M.atMostCharacters(n);
      return issue.origin === "array" ? M.atMostItems(n) : M.atMost(n);
    }
    case "invalid_format":
      return M.format(String(issue.format));
    default:
      return M.notAccepted;
  }
}

const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join(".") || "body";

/** One problem per issue; an unknown key is one problem per key, named by the key itself. */
export function fieldProblems(issues: readonly z.core.$ZodIssue[]): FieldProblem[] {
  return issues.flatMap((issue): FieldProblem[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        field: fieldOf([...issue.path, key]),
        rule: "unknown-key",
        message: FIELD_MESSAGES.unknownKey,
      }));
    }
    // A missing field is told apart from a wrong one by its input, kept only to tell this.
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    const named = issue.code === "custom" ? issue.params?.rule : undefined;
    return [
      {
        field: fieldOf(issue.path),
        rule: missing
          ? "required"
          : typeof named === "string"
            ? named
            : (RULE_OF_CODE[issue.code] ?? "format"),
        message: issue.message,
      },
    ];
  });
}

/** Parses with the messages above; the data, or the problems field by field. */
export function parseFields<T>(
  schema: z.ZodMiniType<T>,
  input: unknown,
): { data: T } | { problems: FieldProblem[] } {
  const result = schema.safeParse(input, { error: fieldMessage, reportInput: true });
  return result.success ? { data: result.data } : { problems: fieldProblems(result.error.issues) };
}
