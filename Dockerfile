# syntax=docker/dockerfile:1
# Production image: Node 22 LTS, LibreOffice (office → PDF) with fonts, runs as a non-root user.
# One image for every role: `node bin/folio.js serve` (API, console, bots; the default) and
# `node bin/folio.js worker` (ingest workers on the Redis queue). See docker-compose.yml.
# TypeScript runs directly through tsx (a runtime dependency), so there is no build step.

# --- dependencies: production node_modules. Native modules (better-sqlite3, @napi-rs/canvas) use
# prebuilt binaries; the compiler toolchain is only a fallback and never reaches the runtime image.
FROM node:22-bookworm-slim AS dependencies
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime: same base as the build stage (same glibc) so the native modules load.
FROM node:22-bookworm-slim AS runtime
# LibreOffice converts PPTX/DOCX/XLSX/...; without fonts it writes PDFs with no text. DejaVu and
# Liberation cover Latin, Greek and Cyrillic (Liberation is metric-compatible with Arial/Times/Courier),
# Noto CJK covers Chinese, Japanese and Korean. tini forwards SIGTERM so running jobs can finish.
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libreoffice-writer libreoffice-impress libreoffice-calc \
      fonts-dejavu fonts-liberation fonts-noto-cjk \
      tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    FOLIO_DATA_DIR=/data \
    FOLIO_PORT=3000
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY bin ./bin
COPY src ./src
COPY adapters ./adapters
COPY prompts ./prompts
COPY manifests ./manifests
# A fixed uid so a volume's ownership stays valid across rebuilds; LibreOffice needs a writable home.
RUN useradd --system --uid 10001 --user-group --home-dir /home/folio --create-home folio \
 && mkdir -p /data && chown folio:folio /data
USER folio
VOLUME ["/data"]
EXPOSE 3000
# Liveness of the API process (the worker has no HTTP server: docker-compose.yml turns this off for it).
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.FOLIO_PORT || 3000) + '/healthz').then(response => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "bin/folio.js", "serve"]
