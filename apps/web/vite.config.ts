import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes .br and .gz beside every script, so the server sends compressed bytes without compressing per request. */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "kalinga-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await readFile(file);
          const quality = {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          };
          await writeFile(`${file}.br`, await brotli(bytes, { params: quality }));
          await writeFile(`${file}.gz`, await gzip(bytes, { level: 9 }));
        }),
      );
    },
  };
}

// The widget is one ES module (widget.js) that an insurer's page loads; later steps are lazy chunks
// fetched relative to it, so the bundle can be hosted under any path.
export default defineConfig({
  base: "./",
  plugins: [react(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    rolldownOptions: {
      input: { widget: "src/embed.tsx" },
      output: {
        entryFileNames: "[name].js",
        chunkFileNames: "chunks/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
        codeSplitting: {
          groups: [
            // Everything the start step loads statically stays in widget.js (the group holds the entry
            // module, so it becomes the entry chunk): otherwise modules the start step shares with the
            // lazy steps (UI widgets, zod, React) go to common chunks, a phone makes more requests and
            // gzip sees smaller files. Lazy steps import what they share from widget.js.
            { name: "widget", tags: ["$initial"] },
          ],
        },
      },
    },
  },
});
