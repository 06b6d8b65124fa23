import { writeFileSync } from "node:fs";
import path from "node:path";
import { openApiDocument } from "./openapi-document.ts";

// `npm run openapi`: writes the checked-in document of every public call, so a change to a table of
// calls shows in review as a change to the document.

const target = path.resolve(import.meta.dirname, "../../../../docs/api/openapi.json");
writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), target)}`);
