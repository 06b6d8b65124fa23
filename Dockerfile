# syntax=docker/dockerfile:1
# Kalinga's server image (docs/deploy.md): the widget and the console built in a first stage, then
# only what the server runs on: its production dependencies, its source, the shared packages and
# the two built front ends. It runs as the unprivileged `node` user and writes only to /data (the
# KALINGA_DATA_DIR volume) and /tmp, so it runs with a read-only root filesystem
# (`docker run --read-only --tmpfs /tmp -v kalinga-data:/data ...`).

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first: the dependencies' layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY packages/domain/package.json packages/domain/
COPY packages/content/package.json packages/content/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    KALINGA_DATA_DIR=/data
WORKDIR /app
# Everything the server reads belongs to root: the node user can read it and change none of it.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages packages
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /app/apps/server/src apps/server/src
COPY --from=build /app/apps/server/config apps/server/config
COPY --from=build /app/apps/server/content apps/server/content
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/console/package.json apps/console/
COPY --from=build /app/apps/console/dist apps/console/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Healthy when the process answers (/healthz) and its database is reachable and migrated (/readyz).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const base = `http://127.0.0.1:${process.env.PORT}`; Promise.all(['/healthz', '/readyz'].map((p) => fetch(base + p))).then((answers) => process.exit(answers.every((a) => a.ok) ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/src/main.ts"]
