// Layer rules for every app and package, built from the one table below (decision 0077).
// Run with `npm run lint:imports`; `npm run lint` runs it after Biome.

/**
 * Each app's source folder in layers, bottom first. A layer imports its own and lower layers only.
 * `folders` are top-level folders of the source folder; `files` are files at its top.
 * `apart: true` means the folders of that layer import none of each other (a feature imports no
 * other feature); `mayImport` lists the written exceptions to that.
 */
const LAYERS = {
  "apps/web/src": [
    { layer: "ui", folders: ["ui"], why: "the bottom layer: components that know no claim" },
    {
      layer: "shared",
      folders: [
        "analytics",
        "api",
        "claim",
        "content",
        "drafts",
        "forms",
        "otp",
        "session",
        "test-support",
        "widget",
      ],
      // drafts/ saves after every step and restores from tracking; otp/ is the modal that the start
      // step and the tracking check both open.
      why: "what two or more steps share: calls, stores, forms, drafts, the OTP, the host page",
    },
    {
      layer: "features",
      folders: [
        "details",
        "documents",
        "guide",
        "payout",
        "portal",
        "start",
        "submission",
        "tracking",
      ],
      apart: true,
      // The abeyance upload is Step 4's uploader on a requested item: one uploader, not two.
      mayImport: { tracking: ["documents"] },
      why: "one step or screen of the claimant's journey each",
    },
    {
      layer: "app",
      folders: ["app"],
      files: [
        "embed.tsx",
        "embed.test.tsx",
        "file-length.test.ts",
        "import-direction.test.ts",
        "no-literal-texts.test.ts",
      ],
      why: "routes, shell, the embed",
    },
  ],
  "apps/web/gallery": [
    { layer: "gallery", folders: [], files: ["*"], imports: ["apps/web/src/ui"], why: "dev page" },
  ],
  "apps/server/src": [
    {
      layer: "config",
      folders: ["config"],
      files: ["config.ts", "logging.ts", "server-secret.ts"],
      why: "settings read once at start",
    },
    { layer: "db", folders: ["db"], why: "the database and its migrations" },
    {
      layer: "metrics",
      folders: ["metrics"],
      why: "the Prometheus registry and its endpoints; app.ts binds the owners' counting queries",
    },
    {
      layer: "http",
      folders: ["http", "openapi"],
      files: ["refusal.ts"],
      why: "the HTTP framework: errors, limits, keys, the call table's routes",
    },
    {
      layer: "features",
      folders: [
        "backup",
        "claims",
        "companies",
        "console",
        "content",
        "demo",
        "documents",
        "drafts",
        "email",
        "health",
        "housekeeping",
        "insurer",
        "lifecycle",
        "notifications",
        "otp",
        "policies",
        "portal",
        "privacy",
        "ratings",
        "sms",
        "submission",
        "tracking",
        "webhooks",
      ],
      why: "one part of the product each; services may use each other's, routes may not",
    },
    {
      layer: "app",
      files: ["app.ts", "app-hooks.ts", "app-metrics.ts", "main.ts", "rotate-secret.ts"],
      why: "builds the server from every feature",
    },
  ],
  "apps/console/src": [
    {
      layer: "shared",
      files: [
        "api.ts",
        "data-table.tsx",
        "form-message.tsx",
        "format.ts",
        "session.tsx",
        "texts.ts",
        "use-action.ts",
        "use-action.test.tsx",
        "use-load.ts",
      ],
      why: "calls, texts and pieces every screen uses",
    },
    { layer: "claim", folders: ["claim"], why: "the parts of one claim's page" },
    { layer: "screens", folders: ["screens"], files: ["layout.tsx"], why: "one page each" },
    { layer: "app", files: ["main.tsx", "console.css"], why: "routes and start-up" },
    {
      layer: "test-support",
      folders: ["test-support"],
      why: "fake answers and a render helper for component tests (tests only)",
    },
  ],
  "packages/content/src": [{ layer: "content", files: ["*"], why: "texts and country data" }],
  "packages/domain/src": [{ layer: "domain", folders: ["fixtures"], files: ["*"], why: "rules" }],
};

/** Route and handler files of a server feature (the http layer's files mount them, so are not). */
const FEATURE = "^apps/server/src/(?!http/|openapi/)([^/]+)/";
const ROUTE_FILE = `${FEATURE}.*-(routes|calls)[.]ts$`;
const HANDLER_FILE = `${FEATURE}(handlers/|.*/handlers/)`;
const ROUTE_OR_HANDLER = [ROUTE_FILE, HANDLER_FILE];

/** Domain modules for staff, insurers and the server: the claimant's widget ships none of them. */
const NOT_FOR_THE_WIDGET = [
  "claim-payload-schema",
  "claim-payload-view",
  "claim-record-status",
  "console-calls",
  "console-calls-admin",
  "console-calls-claims",
  "console-calls-staff",
  "csv",
  "insurer-calls",
  "notice-calls",
  "policy-record",
  "route-inputs",
  "staff-roles",
];

/** Test files: they may import their app's test-support/ from any layer. */
const TEST_FILE = "[.]test[.]tsx?$";

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A regular expression matching the files of the given folders and top-level files of a root. */
function pathsOf(root, { folders = [], files = [] }) {
  const parts = [
    ...folders.map((folder) => `${escapeRegExp(folder)}/`),
    ...files.map((file) => (file === "*" ? "[^/]+$" : `${escapeRegExp(file)}$`)),
  ];
  return parts.length === 0 ? "^$" : `^${escapeRegExp(root)}/(${parts.join("|")})`;
}

function layerRules(root, layers) {
  return layers.flatMap((entry, index) => {
    const allowed = layers.slice(0, index + 1).map((lower) => pathsOf(root, lower));
    const rules = [
      {
        name: `${root}: ${entry.layer} imports only lower layers`,
        comment: `${entry.layer} (${entry.why}) imports ${layers
          .slice(0, index + 1)
          .map((lower) => lower.layer)
          .join(", ")} and packages; move the piece down or import it from above.`,
        severity: "error",
        from: { path: pathsOf(root, entry), pathNot: TEST_FILE },
        to: {
          path: `^${escapeRegExp(root.replace(/\/(src|gallery)$/, ""))}/`,
          pathNot: [...allowed, ...(entry.imports ?? []).map((path) => `^${escapeRegExp(path)}/`)],
        },
      },
      {
        name: `${root}: ${entry.layer} tests import only lower layers and test-support`,
        comment: "A test may also use its app's test-support/, which renders screens from above.",
        severity: "error",
        from: { path: `(?=.*${TEST_FILE})${pathsOf(root, entry)}` },
        to: {
          path: `^${escapeRegExp(root.replace(/\/(src|gallery)$/, ""))}/`,
          pathNot: [
            ...allowed,
            `^${escapeRegExp(root)}/test-support/`,
            ...(entry.imports ?? []).map((path) => `^${escapeRegExp(path)}/`),
          ],
        },
      },
    ];
    if (!entry.apart) return rules;
    for (const folder of entry.folders) {
      const others = entry.folders.filter(
        (other) => other !== folder && !(entry.mayImport?.[folder] ?? []).includes(other),
      );
      rules.push({
        name: `${root}: ${entry.layer} ${folder} imports no other ${entry.layer}`,
        comment: `${folder}/ imports no other folder of ${entry.layer}: move the shared piece into a lower layer.`,
        severity: "error",
        from: { path: `^${escapeRegExp(root)}/${escapeRegExp(folder)}/` },
        to: { path: pathsOf(root, { folders: others }) },
      });
    }
    return rules;
  });
}

/** Files under an app's or package's source folder that no layer of the table names. */
function folderInTable(root, layers) {
  return {
    name: `${root}: every folder is in the layer table`,
    comment: `A new folder under ${root} gets a layer in .dependency-cruiser.cjs first.`,
    severity: "error",
    module: {
      path: `^${escapeRegExp(root)}/`,
      pathNot: layers.map((entry) => pathsOf(root, entry)),
      // the highest count the schema takes; no module here has 100 users, so it matches them all
      numberOfDependentsLessThan: 100,
    },
    from: {},
  };
}

const RULES = [
  ...Object.entries(LAYERS).flatMap(([root, layers]) => [
    ...layerRules(root, layers),
    folderInTable(root, layers),
  ]),
  {
    name: "apps import no other app",
    comment: "An app shares code through packages/, never by importing another app's files.",
    severity: "error",
    from: { path: "^apps/([^/]+)/" },
    to: { path: "^apps/", pathNot: "^apps/$1/" },
  },
  {
    name: "packages import no app",
    comment: "packages/ holds the rules every app shares; an app's code depends on them, not back.",
    severity: "error",
    from: { path: "^packages/" },
    to: { path: "^(apps|e2e|bench|scripts)/" },
  },
  {
    name: "a route file imports no other route file nor another feature's handlers",
    comment: "Routes stand alone and mount their own handlers; share a service or an http helper.",
    severity: "error",
    from: { path: ROUTE_FILE },
    to: { path: ROUTE_OR_HANDLER, pathNot: "^apps/server/src/$1/(handlers/|.*/handlers/)" },
  },
  {
    name: "a handler imports no route file nor another handler",
    comment: "Each handler stands alone; what two handlers share is a service, not a handler.",
    severity: "error",
    // handlers/index.ts is the family's handler map: it gathers the handlers and is none itself
    from: { path: HANDLER_FILE, pathNot: "/handlers/index[.]ts$" },
    to: { path: ROUTE_OR_HANDLER },
  },
  {
    name: "the widget imports no staff or insurer module of the domain",
    comment: "These modules are for the console, insurers and the server; the widget ships none.",
    severity: "error",
    from: { path: "^apps/web/" },
    to: { path: `^packages/domain/src/(${NOT_FOR_THE_WIDGET.join("|")})[.]ts$` },
  },
  {
    name: "the widget's ui reaches no schema",
    comment: "ui/ is the bottom layer and loads with the first screen: no zod schema below it.",
    severity: "error",
    from: { path: "^apps/web/src/ui/" },
    to: { path: "node_modules/zod/", reachable: true },
  },
  {
    name: "no import circles",
    comment: "A circle makes load order matter; break it by moving the shared piece down.",
    severity: "error",
    from: {},
    to: { circular: true },
  },
];

module.exports = {
  forbidden: RULES,
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)dist/" },
    // TypeScript 7 has no JavaScript API; scripts/import-rules/ gives dependency-cruiser the
    // imports of each .ts file instead, read with acorn.
    parser: "acorn",
    tsPreCompilationDeps: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types"],
    },
  },
};
