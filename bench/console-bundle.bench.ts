/**
 * The claims-staff console's weight, from apps/console/dist (run `npm run build` first; `npm run
 * bench` does): the initial JS (the page's entry and every chunk it imports statically, gzipped at
 * level 9) and CSS, and as information the document viewer that loads when a document is opened
 * (pdf.js and its worker).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { repoRoot } from "./support/node-server.ts";

// An office screen on the insurer's network: a budget that still keeps the first load quick on a
// branch office's line.
const initialJsBudgetKb = 150;
const cssBudgetKb = 10;

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};

const distDir = path.join(repoRoot, "apps", "console", "dist");
const gzipKb = (file: string) =>
  gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024;

async function measure(): Promise<BenchFigure[]> {
  const manifestFile = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile))
    throw new Error("apps/console/dist is not built: run npm run build");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error("the console's manifest has no entry");

  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry[0]);
  const initialFiles = [...initial].map((key) => manifest[key]?.file ?? "");
  const cssFiles = [...initial].flatMap((key) => manifest[key]?.css ?? []);

  const lazy = new Set<string>();
  for (const key of initial) {
    for (const dynamic of manifest[key]?.dynamicImports ?? []) {
      const stack = [dynamic];
      while (stack.length > 0) {
        const next = stack.pop() as string;
        if (initial.has(next) || lazy.has(next)) continue;
        lazy.add(next);
        stack.push(...(manifest[next]?.imports ?? []));
      }
    }
  }
  // The worker is an asset of the chunk that names its URL.
  const lazyFiles = [...lazy].flatMap((key) => [
    manifest[key]?.file ?? "",
    ...(manifest[key]?.assets ?? []),
  ]);
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipKb(file), 0);

  return [
    {
      name: "Console initial JS (gzip)",
      value: sum(initialFiles),
      unit: "KB",
      budget: { max: initialJsBudgetKb },
      note: `${initialFiles.length} file(s)`,
    },
    { name: "Console CSS (gzip)", value: sum(cssFiles), unit: "KB", budget: { max: cssBudgetKb } },
    {
      name: "Document viewer, loaded on opening a document (gzip)",
      value: sum(lazyFiles),
      unit: "KB",
      note: "pdf.js and its worker; cached after the first document",
    },
  ];
}

await runBench("Console bundle (apps/console/dist)", measure);
