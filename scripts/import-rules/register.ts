// Loaded with `node --import` before dependency-cruiser: its "typescript" becomes the shim beside
// this file, so the layer rules read this repository's TypeScript (see decision 0077).
import { registerHooks } from "node:module";

const shim = new URL("./typescript-shim.ts", import.meta.url).href;
const shimManifest = new URL("./typescript-shim-package.json", import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (!context.parentURL?.includes("/node_modules/dependency-cruiser/")) {
      return nextResolve(specifier, context);
    }
    if (specifier === "typescript") return { url: shim, shortCircuit: true };
    if (specifier === "typescript/package.json") {
      return { url: shimManifest, format: "json", shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
