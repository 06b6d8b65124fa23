import { readFile } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "../../scripts/vite-precompress.ts";

/** The public API's types, shipped beside the loader for the insurer's web team. */
const PUBLIC_TYPES = path.resolve(import.meta.dirname, "src/widget/kalinga-widget.d.ts");

/**
 * widget.js, the one file whose name stays across releases (decision 0082): a few bytes that import
 * the content-hashed entry, whose name the build writes in, and hand it the loader's own URL.
 */
export function loaderSource(entryFile: string): string {
  const entry = JSON.stringify(`./${entryFile}`);
  return `import{start}from${entry};export{mount,unmount}from${entry};start(import.meta.url);\n`;
}

function loader(): Plugin {
  return {
    name: "kalinga-loader",
    apply: "build",
    async generateBundle(_options, bundle) {
      const entries = Object.values(bundle).filter((file) => file.type === "chunk" && file.isEntry);
      if (entries.length !== 1 || !entries[0]) {
        this.error(`the widget build needs one entry chunk, found ${entries.length}`);
      }
      this.emitFile({
        type: "asset",
        fileName: "widget.js",
        source: loaderSource(entries[0].fileName),
      });
      this.emitFile({
        type: "asset",
        fileName: "kalinga-widget.d.ts",
        source: await readFile(PUBLIC_TYPES, "utf8"),
      });
    },
  };
}

// An insurer's page loads widget.js, the small loader; the entry and every other file carry a
// content hash, and later steps are lazy chunks fetched relative to it, so the bundle can be hosted
// under any path.
export default defineConfig({
  base: "./",
  // Scripts, styles and icons at brotli's best: the widget is fetched by every claimant's phone.
  plugins: [
    react(),
    loader(),
    precompress({
      files: /\.(js|css|svg)$/,
      brotliQuality: zlib.constants.BROTLI_MAX_QUALITY,
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    rolldownOptions: {
      input: { widget: "src/embed.tsx" },
      // The loader imports start, mount and unmount from the entry: an app build would drop them;
      // "allow-extension" keeps them on the one entry chunk, with no facade chunk in between.
      preserveEntrySignatures: "allow-extension",
      output: {
        entryFileNames: "chunks/entry-[hash].js",
        chunkFileNames: "chunks/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
        codeSplitting: {
          groups: [
            // Everything the start step loads statically stays in the entry (the group holds the entry
            // module, so it becomes the entry chunk): otherwise modules the start step shares with the
            // lazy steps (UI widgets, React) go to common chunks, a phone makes more requests and
            // gzip sees smaller files. Lazy steps import what they share from the entry.
            { name: "widget", tags: ["$initial"] },
            // The next groups (decision 0085) gather modules the lazy steps share into one chunk each
            // where rolldown would cut one small chunk per set of importers: each small file costs a
            // request and gzip's dictionary. Dependencies stay where they were, so a group brings no
            // module a screen does not ask for. First, the validation library and the rules every
            // checked form builds on, fetched when the start form first changes.
            {
              name: "rules",
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]domain[\\/]src[\\/](free-text|claim-call-parts|start-form)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // What the filing steps after the OTP share: the claim data store and its domain
            // defaults, the verified-claim layout and the texts of Steps 2 and 3.
            {
              name: "filing",
              test: /[\\/]apps[\\/]web[\\/]src[\\/]claim[\\/](claim-data-store|verified-claim|beneficiary-texts|claim-details-texts|payout-texts|claim-texts)\.tsx?$|[\\/]packages[\\/]domain[\\/]src[\\/](payout|beneficiary|claim-details|claim-draft|age)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // Small pieces both filing and tracking screens use.
            {
              name: "shared",
              test: /[\\/]apps[\\/]web[\\/]src[\\/](session[\\/]claim-answers|ui[\\/]confirm-popup|ui[\\/]screen-text|drafts[\\/]draft-texts)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
