import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** .br and .gz beside each script and stylesheet, sent as they are by the server. */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "kalinga-console-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(m?js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await readFile(file);
          await writeFile(`${file}.br`, await brotli(bytes));
          await writeFile(`${file}.gz`, await gzip(bytes, { level: 9 }));
        }),
      );
    },
  };
}

// The claims-staff console: its own page at /console, its own bundle; the PDF renderer is a lazy
// chunk with its worker, loaded when a document is opened.
export default defineConfig({
  base: "/console/",
  plugins: [react(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    assetsInlineLimit: 0,
  },
});
