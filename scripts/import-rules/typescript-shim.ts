// Stands in for the TypeScript 5 API that dependency-cruiser reads .ts and .tsx files with:
// TypeScript 7 has no JavaScript API, so each file becomes a list of its imports, read by oxc.
import { parseSync } from "oxc-parser";

export const version = "5.9.3";

// Read when dependency-cruiser loads; its TypeScript parser stays unused (the config picks acorn).
export const SyntaxKind = {};

interface TranspileOptions {
  fileName?: string;
}

/** Every import, re-export and dynamic import of a module, as plain JavaScript. */
export function transpileModule(source: string, options: TranspileOptions) {
  const { module } = parseSync(options.fileName ?? "module.tsx", source);
  const specifiers = [
    ...module.staticImports.map((item) => `import ${JSON.stringify(item.moduleRequest.value)};`),
    ...module.staticExports.flatMap((item) =>
      item.entries
        .filter((entry) => entry.moduleRequest !== null)
        .map((entry) => `export * from ${JSON.stringify(entry.moduleRequest?.value)};`),
    ),
    ...module.dynamicImports.map(
      (item) => `import(${source.slice(item.moduleRequest.start, item.moduleRequest.end)});`,
    ),
  ];
  return { outputText: specifiers.join("\n") };
}

export default { version, SyntaxKind, transpileModule };
