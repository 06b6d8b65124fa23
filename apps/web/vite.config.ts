import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The widget is one ES module (widget.js) that an insurer's page loads; later steps are lazy chunks
// fetched relative to it, so the bundle can be hosted under any path.
export default defineConfig({
  base: "./",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    rollupOptions: {
      input: { widget: "src/embed.tsx" },
      output: {
        entryFileNames: "[name].js",
        chunkFileNames: "chunks/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
