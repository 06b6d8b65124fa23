import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

// The one precompress step of the widget's and the console's builds: .br and .gz beside the files
// the server sends as they are, so no request compresses them.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type PrecompressOptions = {
  /** The emitted files to compress, by name. */
  files: RegExp;
  /** Brotli's quality, 0 to 11; zlib's default when not given. */
  brotliQuality?: number;
};

/** Writes name.br and name.gz (gzip level 9) beside every emitted file that `files` matches. */
export function precompress({ files, brotliQuality }: PrecompressOptions): Plugin {
  const params =
    brotliQuality === undefined ? {} : { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality };
  let outDir = "dist";
  return {
    name: "kalinga-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const names = Object.keys(bundle).filter((name) => files.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await readFile(file);
          await writeFile(`${file}.br`, await brotli(bytes, { params }));
          await writeFile(`${file}.gz`, await gzip(bytes, { level: 9 }));
        }),
      );
    },
  };
}
