import * as fc from "fast-check";

// The bodies the claim API is fuzzed with: a valid body with parts swapped for NUL, half an emoji,
// bidi controls, huge numbers, arrays and deep objects, or any JSON at all.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** What PostgreSQL cannot store: NUL and halves of a surrogate pair (😀 is \uD83D\uDE00). */
const UNSTORABLE_PIECES = ["\u0000", "\uD83D", "\uDE00"];

const NASTY_PIECES = [
  ...UNSTORABLE_PIECES,
  "\u202E",
  "\u2066",
  "\u200B",
  "\uFEFF",
  "\u0085",
  "\u001B",
  "\u007F",
  "\r\n",
  "\t",
  "<script>",
  "e\u0301",
  "😀",
  "'",
  '"',
  "\\",
  "%s",
  "__proto__",
  "constructor",
  "9171234567",
  "01/31/2026",
  "Y",
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc
    .array(fc.oneof(fc.constantFrom(...NASTY_PIECES), fc.string({ maxLength: 6 })), {
      maxLength: 10,
    })
    .map((pieces) => pieces.join("")),
  fc.constantFrom("", " ", "a".repeat(5_000), "9".repeat(300), "\u0000".repeat(100)),
);

const hugeNumber = fc.constantFrom(
  1e308,
  -1e308,
  2 ** 53 + 2,
  2 ** 64,
  -(2 ** 63),
  1e-320,
  0.5,
  -1,
  0,
);

/** An object nested `depth` levels deep. */
const deepObject = fc.integer({ min: 20, max: 400 }).map((depth) => {
  let value: Json = "bottom";
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
});

/** A piece put inside a valid string; mostly what cannot be stored, since that got through before. */
const insertedPiece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...UNSTORABLE_PIECES) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_PIECES) },
);

const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: hugeNumber },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [{}], [""]) },
  { weight: 1, arbitrary: deepObject },
);

function pathsOf(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [];
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function valueAt(value: Json, at: Path): Json | undefined {
  let node: Json | undefined = value;
  for (const key of at) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, Json>)[key];
  }
  return node;
}

/** A copy of `value` with the node at `at` replaced (or, for a new key, added). */
function withValueAt(value: Json, at: Path, replacement: Json): Json {
  const copy = structuredClone(value);
  const parent = valueAt(copy, at.slice(0, -1));
  if (parent !== null && typeof parent === "object") {
    (parent as Record<string | number, Json>)[at.at(-1) as string | number] = replacement;
  }
  return copy;
}

/** Changes to a valid body: a node replaced, a nasty piece put inside a string, a key added. */
function mutationsOf(valid: Json): fc.Arbitrary<Json> {
  const paths = pathsOf(valid);
  const stringPaths = paths.filter((at) => typeof valueAt(valid, at) === "string");
  const objectPaths: Path[] = [
    [],
    ...paths.filter((at) => {
      const node = valueAt(valid, at);
      return node !== null && typeof node === "object" && !Array.isArray(node);
    }),
  ];
  const replace = fc.tuple(fc.constantFrom(...paths), nastyValue).map(
    ([at, replacement]) =>
      (body: Json) =>
        withValueAt(body, at, replacement),
  );
  const insert = fc
    .tuple(fc.constantFrom(...stringPaths), insertedPiece, fc.nat({ max: 60 }))
    .map(([at, piece, position]) => (body: Json) => {
      const text = valueAt(body, at);
      if (typeof text !== "string") return body;
      const cut = Math.min(position, text.length);
      return withValueAt(body, at, `${text.slice(0, cut)}${piece}${text.slice(cut)}`);
    });
  const addKey = fc
    .tuple(fc.constantFrom(...objectPaths), fc.string({ maxLength: 12 }), nastyValue)
    .map(
      ([at, key, extra]) =>
        (body: Json) =>
          withValueAt(body, [...at, key], extra),
    );
  return fc
    .array(
      fc.oneof(
        { weight: 2, arbitrary: replace },
        { weight: 3, arbitrary: insert },
        { weight: 1, arbitrary: addKey },
      ),
      { minLength: 1, maxLength: 2 },
    )
    .map((changes) => changes.reduce((body, change) => change(body), valid));
}

/** Bodies for a call: mostly its valid body changed, sometimes any JSON or any value at all. */
export function bodiesFor(valid: Json): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: mutationsOf(valid) },
    { weight: 1, arbitrary: fc.jsonValue() },
    { weight: 1, arbitrary: fc.anything() },
  );
}
