/**
 * Start step weight of the widget, from apps/web/dist (run `npm run build` first; `npm run bench` does).
 * Every figure is gzip level 9, in kB of 1,000 bytes. The start page's JS = everything it loads
 * before anyone touches it: the loader widget.js, the hashed entry it imports and every chunk the
 * entry imports statically, recursively, and the chunks the start step prefetches (with their static
 * imports), against the 110 kB budget (decision 0082). CSS = emitted .css files plus the CSS the
 * widget inlines into its JS (`?inline`), estimated from apps/web/src/**\/*.css minified.
 *
 * Each later step: the JS its lazy screen adds on top of what is loaded before it (the start step
 * with the start form's checks, fetched on the first change, then each earlier step), found in the manifest by the screen module's `src` and followed through
 * its static imports; and the CSS its modules import that earlier steps did not. A step's figure is
 * required once its source folder holds a module; before that it is noted as not built yet.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { repoRoot } from "./support/node-server.ts";

const initialJsBudgetKb = 110;
const loaderBudgetKb = 1.5;
const cssBudgetKb = 15;
/** The loader's name, the one file that is not content-hashed. */
const LOADER_FILE = "widget.js";

/**
 * Lazy modules the start step fetches before anyone touches the page, by manifest `src`: a build
 * that no longer has one fails the bench, so the list is kept true.
 */
const prefetchedOnStart: string[] = [];

/**
 * Lazy modules the start step fetches once the claimant changes a field, by manifest `src`: not
 * part of the page before any touch, but loaded before Next leads to the filing steps.
 */
const fetchedOnFirstChange = [
  // use-start-form.ts: the start form's rules and the validation library (decision 0085).
  "src/claim/start-form-checks.ts",
  // start-screen.tsx: the OTP modal is needed only after Next.
  "src/otp/otp-modal.tsx",
];

type LaterStep = {
  name: string;
  /** Manifest `src` of the screen module, or the folder its screen modules are in (ends with /). */
  src: string;
  budgetKb: number;
  /** Reached from the start step directly (not after the filing steps): measured against it alone. */
  fromStart?: boolean;
};

const laterSteps: LaterStep[] = [
  { name: "Steps 2–3 (details, payout)", src: "src/app/claim-step-screens.ts", budgetKb: 30 },
  { name: "Step 4 (documents)", src: "src/documents/", budgetKb: 20 },
  { name: "review, submission, rating", src: "src/submission/", budgetKb: 20 },
  // "Check claim status" on the start form: the claimant may come straight here, days after filing.
  {
    name: "claim tracking and abeyance",
    src: "src/tracking/tracking-screens.ts",
    budgetKb: 20,
    fromStart: true,
  },
];

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

/** gzip -9, in kB of 1,000 bytes, as the issue's budget counts. */
function gzipKb(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).length / 1000;
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

const sourceExtensions = [".ts", ".tsx"];
const resolvePackage = createRequire(path.join(webDir, "package.json")).resolve;
// Static imports and re-exports only: a dynamic import() is another chunk, loaded later.
const staticImport = /\b(import|export)\s+(type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?["']([^"']+)["']/g;

/** The CSS files a module pulls in through its static imports, recursively, from the sources. */
function cssOfModules(roots: string[]): Set<string> {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(staticImport)) {
      const [, , typeOnly, specifier = ""] = match;
      if (typeOnly) continue;
      const bare = specifier.replace(/\?.*$/, "");
      let resolved: string | undefined;
      if (bare.startsWith(".")) resolved = path.resolve(path.dirname(file), bare);
      else if (bare.endsWith(".css")) {
        try {
          resolved = resolvePackage(bare);
        } catch {
          resolved = undefined;
        }
      }
      if (resolved === undefined) continue;
      if (resolved.endsWith(".css")) css.add(resolved);
      else if (sourceExtensions.some((extension) => resolved.endsWith(extension))) visit(resolved);
    }
  };
  for (const root of roots) visit(root);
  return css;
}

function hasSources(dir: string): boolean {
  return sourceExtensions.some((extension) => filesUnder(dir, extension).length > 0);
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
  const entry = entries.find(([, chunk]) => chunk.isEntry);
  if (entry === undefined) throw new Error("the manifest has no entry chunk");
  const hasLoader = entry[1].file !== LOADER_FILE && existsSync(path.join(distDir, LOADER_FILE));

  // The start step downloads the loader, the entry and its static imports before it can render,
  // and fetches the prefetched chunks (and what they import) straight after.
  const initialKeys = new Set<string>();
  const visit = (key: string) => {
    if (initialKeys.has(key)) return;
    initialKeys.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  for (const src of prefetchedOnStart) {
    const prefetched = entries.find(([, chunk]) => chunk.src === src);
    if (prefetched === undefined) {
      throw new Error(`no chunk of the build has src ${src}: update prefetchedOnStart`);
    }
    visit(prefetched[0]);
  }

  const initialFiles = [
    ...(hasLoader ? [LOADER_FILE] : []),
    ...[...initialKeys].map((key) => manifest[key]?.file ?? key),
  ];
  const initialJsKb = initialFiles.reduce((sum, file) => sum + fileGzipKb(file), 0);
  const initialRawKb =
    initialFiles.reduce((sum, file) => sum + readFileSync(path.join(distDir, file)).length, 0) /
    1000;
  const overBy = initialJsKb - initialJsBudgetKb;

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
      name: "start page JS before any touch (gzip -9)",
      value: initialJsKb,
      unit: "kB",
      budget: { max: initialJsBudgetKb },
      note: `${overBy > 0 ? `OVER BUDGET by ${overBy.toFixed(2)} kB; ` : ""}loader + entry + static imports + prefetched, ${initialFiles.length} file(s): ${initialFiles.join(", ")}`,
    },
    { name: "start page JS before any touch (raw)", value: initialRawKb, unit: "kB" },
    {
      name: "  loader widget.js (gzip -9)",
      value: hasLoader ? fileGzipKb(LOADER_FILE) : Number.NaN,
      unit: "kB",
      budget: { max: loaderBudgetKb },
      ...(hasLoader ? {} : { note: "no loader: widget.js is the entry itself" }),
    },
    {
      name: "CSS (gzip, emitted + inlined)",
      value: emittedCssKb + inlinedCssKb,
      unit: "kB",
      budget: { max: cssBudgetKb },
    },
    {
      name: "  emitted .css files (gzip)",
      value: emittedCssKb,
      unit: "kB",
      note: `${emittedCss.length} file(s)`,
    },
    {
      name: "  inlined CSS sources (gzip)",
      value: inlinedCssKb,
      unit: "kB",
      note: `${cssSources.length} file(s) in apps/web/src${allMinified ? ", minified" : ", unminified: an upper bound"}`,
    },
  ];

  // What a claimant who fills the start form in has loaded when Next leads to the filing steps.
  const checkedKeys = new Set<string>();
  const visitChecks = (key: string) => {
    if (initialKeys.has(key) || checkedKeys.has(key)) return;
    checkedKeys.add(key);
    for (const imported of manifest[key]?.imports ?? []) visitChecks(imported);
  };
  for (const src of fetchedOnFirstChange) {
    const fetched = entries.find(([, chunk]) => chunk.src === src);
    if (fetched === undefined) {
      throw new Error(`no chunk of the build has src ${src}: update fetchedOnFirstChange`);
    }
    visitChecks(fetched[0]);
  }
  const checkedFiles = [...checkedKeys].map((key) => manifest[key]?.file ?? key);
  figures.push({
    name: "  fetched on the first change of the start form (gzip)",
    value: checkedFiles.reduce((sum, file) => sum + fileGzipKb(file), 0),
    unit: "kB",
    note: `${checkedFiles.length} file(s): ${checkedFiles.join(", ")}`,
  });

  figures.push(...(await laterStepFigures(manifest, initialKeys, checkedKeys, entry[0])));

  const lazyChunks = entries
    .filter(([key, chunk]) => !initialKeys.has(key) && chunk.file.endsWith(".js"))
    .map(([key, chunk]) => ({ label: chunk.name ?? chunk.src ?? key, file: chunk.file }))
    .sort((a, b) => a.file.localeCompare(b.file));
  for (const chunk of lazyChunks) {
    figures.push({
      name: `lazy chunk ${chunk.label} (gzip)`,
      value: fileGzipKb(chunk.file),
      unit: "kB",
      note: chunk.file,
    });
  }
  return figures;
}

/**
 * One figure per later step against its budget, in the order a claimant reaches them: what the
 * step's screen chunk and its static imports add to everything loaded before, plus the CSS it adds.
 */
async function laterStepFigures(
  manifest: Record<string, ManifestChunk>,
  initialKeys: Set<string>,
  checkedKeys: Set<string>,
  entryKey: string,
): Promise<BenchFigure[]> {
  const loaded = new Set(initialKeys);
  // Screens are reached through the dynamic imports of what is already loaded (the route modules).
  const reachable = new Set<string>();
  const addDynamicImports = (keys: Iterable<string>) => {
    for (const key of keys)
      for (const imported of manifest[key]?.dynamicImports ?? []) reachable.add(imported);
  };
  addDynamicImports(loaded);
  const loadedCss = cssOfModules([path.join(webDir, manifest[entryKey]?.src ?? "src/embed.tsx")]);
  const loadedEmittedCss = new Set([...loaded].flatMap((key) => manifest[key]?.css ?? []));

  const startLoaded = new Set(loaded);
  const startCss = new Set(loadedCss);
  const startEmittedCss = new Set(loadedEmittedCss);
  // Next on the start form runs its checks: the filing steps come after they were fetched.
  for (const key of checkedKeys) loaded.add(key);
  const figures: BenchFigure[] = [];
  for (const step of laterSteps) {
    // A screen reached from the start step counts everything it needs beyond the start step.
    const before = step.fromStart
      ? {
          loaded: new Set(startLoaded),
          css: new Set(startCss),
          emittedCss: new Set(startEmittedCss),
        }
      : { loaded, css: loadedCss, emittedCss: loadedEmittedCss };
    const matches = (chunk: ManifestChunk) =>
      chunk.isDynamicEntry === true &&
      chunk.src !== undefined &&
      (step.src.endsWith("/") ? chunk.src.startsWith(step.src) : chunk.src === step.src);
    const screens = Object.entries(manifest).filter(([, chunk]) => matches(chunk));
    const routed = screens.filter(([key]) => reachable.has(key));
    const screenKeys = (routed.length > 0 ? routed : screens).map(([key]) => key);
    const sourceDir = path.join(webDir, step.src.endsWith("/") ? step.src : path.dirname(step.src));

    if (screenKeys.length === 0) {
      const written = hasSources(sourceDir);
      figures.push({
        name: `${step.name}: JS it adds (gzip)`,
        value: Number.NaN,
        unit: "kB",
        ...(written ? { budget: { max: step.budgetKb } } : {}),
        note: written
          ? `${path.relative(repoRoot, sourceDir)} has modules but no lazy chunk of the build has its src in ${step.src}: load the step's screen with a dynamic import of such a module, then rebuild`
          : `not built yet: no module in ${path.relative(repoRoot, sourceDir)}`,
      });
      continue;
    }

    const added = new Set<string>();
    const visit = (key: string) => {
      if (before.loaded.has(key) || added.has(key)) return;
      added.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    for (const key of screenKeys) visit(key);
    const files = [...added].map((key) => manifest[key]?.file ?? key);
    const jsKb = files.reduce((sum, file) => sum + fileGzipKb(file), 0);

    const emittedCss = [...added]
      .flatMap((key) => manifest[key]?.css ?? [])
      .filter((file) => !before.emittedCss.has(file));
    const emittedCssKb = emittedCss.reduce((sum, file) => sum + fileGzipKb(file), 0);
    const stepCss = [
      ...cssOfModules(screenKeys.map((key) => path.join(webDir, manifest[key]?.src ?? key))),
    ].filter((file) => !before.css.has(file));
    let inlinedCssKb = 0;
    for (const file of stepCss)
      inlinedCssKb += gzipKb((await minifyCss(readFileSync(file), file)).code);

    figures.push(
      {
        name: `${step.name}: JS it adds (gzip)`,
        value: jsKb,
        unit: "kB",
        budget: { max: step.budgetKb },
        note: `${files.length} file(s): ${files.join(", ")}${routed.length > 0 ? "" : "; no loaded module imports it yet"}`,
      },
      {
        name: `${step.name}: CSS it adds (gzip)`,
        value: emittedCssKb + inlinedCssKb,
        unit: "kB",
        note:
          stepCss.length + emittedCss.length === 0
            ? "none beyond the earlier steps'"
            : [...stepCss.map((file) => path.relative(repoRoot, file)), ...emittedCss].join(", ") +
              (stepCss.length > 0 ? " (inlined: part of the JS figure)" : ""),
      },
    );

    if (step.fromStart) continue;
    for (const key of added) loaded.add(key);
    for (const file of emittedCss) loadedEmittedCss.add(file);
    for (const file of stepCss) loadedCss.add(file);
    addDynamicImports(added);
  }
  return figures;
}

await runBench("Bundle size (apps/web/dist)", measure);
