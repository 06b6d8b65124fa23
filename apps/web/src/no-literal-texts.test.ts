import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync, Visitor } from "vite";
import { describe, expect, it } from "vitest";

// Every word a claimant reads is a keyed text with its English default in the feature's texts
// module (claim/*-texts.ts, documents/document-texts.ts, …), never a literal inside a component.
// This parses every component and fails on JSX text with letters in it, and on a quoted string
// given to a prop a claimant reads or hears, naming the file and the text.
const srcDir = path.dirname(fileURLToPath(import.meta.url));

/** Props whose string a claimant sees or a screen reader reads out. */
const TEXT_PROPS = new Set([
  "aria-label",
  "ariaLabel",
  "title",
  "alt",
  "placeholder",
  "label",
  "legend",
  "nextLabel",
]);

const hasLetters = (text: string) => /\p{L}/u.test(text);

function literalTexts(file: string, source: string): string[] {
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  const found: string[] = [];
  new Visitor({
    JSXText(node) {
      const text = node.value.replace(/\s+/g, " ").trim();
      if (hasLetters(text)) found.push(text);
    },
    JSXAttribute(node) {
      const name = node.name.type === "JSXIdentifier" ? node.name.name : "";
      const value =
        node.value?.type === "JSXExpressionContainer" ? node.value.expression : node.value;
      if (!TEXT_PROPS.has(name) || !value) return;
      if (value.type === "Literal" && typeof value.value === "string" && hasLetters(value.value)) {
        found.push(`${name}="${value.value}"`);
      }
      if (value.type === "TemplateLiteral" && value.quasis.some((q) => hasLetters(q.value.raw))) {
        found.push(`${name}={\`${source.slice(value.start + 1, value.end - 1)}\`}`);
      }
    },
  }).visit(program);
  return found;
}

const components = globSync("**/*.tsx", { cwd: srcDir }).sort();

describe("claimant texts live in texts modules, not in components", () => {
  it("finds the components", () => {
    expect(components.length).toBeGreaterThan(20);
  });

  it("has no JSX text or text prop written as a literal", () => {
    const literals = components.flatMap((file) =>
      literalTexts(file, readFileSync(path.join(srcDir, file), "utf8")).map(
        (text) => `${file}: ${text}`,
      ),
    );
    expect(literals, "move these into the feature's *-texts.ts").toEqual([]);
  });

  it("catches a literal child or prop, and passes keyed texts, separators and expressions", () => {
    const probe = `
      export function Probe({ n }: { n: number }) {
        const T = { title: "Title", hint: (count: number) => \`\${count} left\` };
        return (
          <section aria-label="Probe" className="k-probe" data-testid="probe">
            <h2 title={\`Step \${n}\`}>
              Review your claim
            </h2>
            <p>{T.title} · {T.hint(n)}{" "}{n > 1 ? "s" : ""}</p>
            <input placeholder={T.title} type="text" />
          </section>
        );
      }`;
    expect(literalTexts("probe.tsx", probe)).toEqual([
      'aria-label="Probe"',
      "title={`Step \u0024{n}`}",
      "Review your claim",
    ]);
  });
});
