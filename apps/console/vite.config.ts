import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "../../scripts/vite-precompress.ts";

// The claims-staff console: its own page at /console, its own bundle; the PDF renderer is a lazy
// chunk with its worker, loaded when a document is opened.
export default defineConfig({
  base: "/console/",
  // .br and .gz beside each script, module script, stylesheet and icon, sent as they are.
  plugins: [react(), precompress({ files: /\.(m?js|css|svg)$/ })],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    assetsInlineLimit: 0,
  },
});
