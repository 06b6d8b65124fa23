/**
 * Start step weight of the widget, from apps/web/dist (run `npm run build` first; `npm run bench` does).
 * Initial JS = widget.js plus every chunk it imports statically, recursively (not dynamic imports),
 * each gzipped at level 9 as a browser would download it. CSS = emitted .css files plus the CSS the
 * widget inlines into its JS (`?inline`), estimated from apps/web/src/**\/*.css minified.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { repoRoot } from "./support/node-server.ts";

const initialJsBudgetKb = 110;
const cssBudgetKb = 15;

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const webDir = path.join(repoRoot, "apps", "web");
const distDir = path.join(webDir, "dist");

function gzipKb(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).length / 1024;
}

function fileGzipKb(relativeToDist: string): number {
  return gzipKb(readFileSync(path.join(distDir, relativeToDist)));
}

function filesUnder(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function minifyCss(
  source: Buffer,
  fileName: string,
): Promise<{ code: Uint8Array; minified: boolean }> {
  try {
    // Vite minifies inlined CSS with Lightning CSS; fall back to the source when it is not installed.
    const { transform } = await import("lightningcss");
    const { code } = transform({ filename: fileName, code: source, minify: true });
    return { code, minified: true };
  } catch {
    return { code: source, minified: false };
  }
}

async function measure(): Promise<BenchFigure[]> {
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) {
    throw new Error(
      `${path.relative(repoRoot, manifestPath)} is missing: run \`npm run build\` first`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
  const entries = Object.entries(manifest);
  const entry =
    entries.find(([, chunk]) => chunk.file === "widget.js") ??
    entries.find(([, chunk]) => chunk.isEntry);
  if (entry === undefined) throw new Error("the manifest has no widget.js entry");

  // The start step downloads the entry and its static imports before it can render.
  const initialKeys = new Set<string>();
  const visit = (key: string) => {
    if (initialKeys.has(key)) return;
    initialKeys.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry[0]);

  const initialFiles = [...initialKeys].map((key) => manifest[key]?.file ?? key);
  const initialJsKb = initialFiles.reduce((sum, file) => sum + fileGzipKb(file), 0);
  const initialRawKb =
    initialFiles.reduce((sum, file) => sum + readFileSync(path.join(distDir, file)).length, 0) /
    1024;

  const emittedCss = filesUnder(distDir, ".css");
  const emittedCssKb = emittedCss.reduce((sum, file) => sum + gzipKb(readFileSync(file)), 0);
  const cssSources = filesUnder(path.join(webDir, "src"), ".css");
  let inlinedCssKb = 0;
  let allMinified = true;
  for (const file of cssSources) {
    const { code, minified } = await minifyCss(readFileSync(file), file);
    inlinedCssKb += gzipKb(code);
    allMinified &&= minified;
  }

  const figures: BenchFigure[] = [
    {
      name: "start step initial JS (gzip)",
      value: initialJsKb,
      unit: "KB",
      budget: { max: initialJsBudgetKb },
      note: `${initialFiles.length} file(s): ${initialFiles.join(", ")}`,
    },
    { name: "start step initial JS (raw)", value: initialRawKb, unit: "KB" },
    {
      name: "CSS (gzip, emitted + inlined)",
      value: emittedCssKb + inlinedCssKb,
      unit: "KB",
      budget: { max: cssBudgetKb },
    },
    {
      name: "  emitted .css files (gzip)",
      value: emittedCssKb,
      unit: "KB",
      note: `${emittedCss.length} file(s)`,
    },
    {
      name: "  inlined CSS sources (gzip)",
      value: inlinedCssKb,
      unit: "KB",
      note: `${cssSources.length} file(s) in apps/web/src${allMinified ? ", minified" : ", unminified: an upper bound"}`,
    },
  ];

  const lazyChunks = entries
    .filter(([key, chunk]) => !initialKeys.has(key) && chunk.file.endsWith(".js"))
    .map(([key, chunk]) => ({ label: chunk.name ?? chunk.src ?? key, file: chunk.file }))
    .sort((a, b) => a.file.localeCompare(b.file));
  for (const chunk of lazyChunks) {
    figures.push({
      name: `lazy chunk ${chunk.label} (gzip)`,
      value: fileGzipKb(chunk.file),
      unit: "KB",
      note: chunk.file,
    });
  }
  return figures;
}

await runBench("Bundle size (apps/web/dist)", measure);
