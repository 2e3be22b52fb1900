# syntax=docker/dockerfile:1
# Atelier: one image for the api (serves the web app too) and the worker.
#   docker compose up -d --build     (see docker-compose.yml and README.md)
#   docker build --target runtime -t atelier .
ARG NODE_IMAGE=node:20-bookworm-slim

# ── base: Node + the npm the lockfile was written with ───────────────────────────────────
FROM ${NODE_IMAGE} AS base
ENV TURBO_TELEMETRY_DISABLED=1 \
    DO_NOT_TRACK=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
RUN npm install -g npm@11.19.1
WORKDIR /app

# ── manifests: only the package.json files + lockfile, so `npm ci` is cached until they change ─
FROM base AS manifests
COPY . /src
RUN mkdir -p /out \
 && cd /src \
 && cp package.json package-lock.json .npmrc /out/ \
 && for f in apps/*/package.json packages/*/package.json; do mkdir -p "/out/$(dirname "$f")" && cp "$f" "/out/$f"; done

# ── build: install everything, build api + worker + web, then drop dev dependencies ────────
FROM base AS build
COPY --from=manifests /out/ ./
# Exactly the lockfile: it lists every platform's optional packages (scripts/install.test.mjs
# keeps it so), so a clean install works on any architecture.
RUN npm ci
COPY . .
RUN npx turbo run build \
 && test -f apps/api/dist/main.js -a -f apps/api/dist/cli.js -a -f apps/worker/dist/main.js -a -f apps/web/dist/index.html
RUN npm prune --omit=dev
# What the runtime needs: package manifests, production node_modules, and the built bundles.
RUN mkdir -p /out \
 && cp -a package.json node_modules /out/ \
 && for d in apps/* packages/*; do \
      mkdir -p "/out/$d" && cp "$d/package.json" "/out/$d/"; \
      if [ -d "$d/dist" ]; then cp -a "$d/dist" "/out/$d/"; fi; \
      if [ -d "$d/node_modules" ]; then cp -a "$d/node_modules" "/out/$d/"; fi; \
    done

# ── runtime ───────────────────────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS runtime
# ffmpeg and espeak-ng: the offline local engines (video clips, speech).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg espeak-ng ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MEDIA_DIR=/data/media \
    WEB_DIST_DIR=/app/apps/web/dist
WORKDIR /app
COPY --from=build --chown=node:node /out/ ./
RUN mkdir -p /data/media && chown -R node:node /data
USER node
EXPOSE 3000
# The api (web + REST + tRPC). docker-compose.yml runs migrate + seed first, gives the api its
# healthcheck (GET /api/health), and runs the worker from this same image: node apps/worker/dist/main.js
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
