/**
 * Lighthouse 13, mobile form factor with its default simulated throttling (150 ms RTT, 1.6 Mbps,
 * 4× CPU), on the corporate website demo page served by the real server with the built widget.
 * Runs KALINGA_LIGHTHOUSE_RUNS times (default 3) and reports the median run by performance score.
 * The server runs as the demo command runs it (KALINGA_DEMO=true, the only mode with demo pages; see
 * kalingaDemoServerEnv) on PGlite in a temp folder.
 * The median run's full report is kept in bench/results/lighthouse-report.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";
import { kalingaDemoServerEnv, repoRoot, startNodeServer } from "./support/node-server.ts";

const demoPath = "/help-support/claims/cf";
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const runs = Number(process.env.KALINGA_LIGHTHOUSE_RUNS ?? 3);

type RunFigures = {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  report: unknown;
};

async function runOnce(url: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: "error" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      formFactor: "mobile",
    });
    if (result === undefined) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      fcp: audit("first-contentful-paint"),
      report: lhr,
    };
  } finally {
    chrome.kill();
  }
}

async function measure(): Promise<BenchFigure[]> {
  const server = await startNodeServer("apps/server/src/main.ts", {
    env: kalingaDemoServerEnv(),
    label: "the Kalinga server",
  });
  try {
    const url = `${server.baseUrl}${demoPath}`;
    const warmUp = await fetch(url);
    if (!warmUp.ok) throw new Error(`GET ${demoPath} answered HTTP ${warmUp.status}`);
    const results: RunFigures[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const figures = await runOnce(url);
      process.stdout.write(
        `lighthouse run ${run}/${runs}: performance ${figures.score}, LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}\n`,
      );
      results.push(figures);
    }
    const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
    if (median === undefined) throw new Error("no Lighthouse run");
    const resultsDir = path.join(repoRoot, "bench", "results");
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, "lighthouse-report.json"), JSON.stringify(median.report));
    const spread = `median of ${results.length} run(s): ${results.map((r) => r.score).join(", ")}`;
    return [
      {
        name: "performance score (mobile)",
        value: median.score,
        unit: "score",
        budget: { min: 98 },
        note: spread,
      },
      { name: "largest contentful paint", value: median.lcp, unit: "ms" },
      { name: "total blocking time", value: median.tbt, unit: "ms" },
      { name: "cumulative layout shift", value: median.cls, unit: "score", budget: { max: 0 } },
      { name: "first contentful paint", value: median.fcp, unit: "ms" },
    ];
  } finally {
    await server.stop();
  }
}

await runBench(`Lighthouse mobile on ${demoPath}`, measure);
