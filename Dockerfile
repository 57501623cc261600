# syntax=docker/dockerfile:1
# Production image: Node 22 LTS, LibreOffice for office → PDF conversion, runs as a non-root user.

FROM node:22-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts=false && npm cache clean --force

FROM node:22-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends libreoffice-writer libreoffice-impress libreoffice-calc \
      fonts-dejavu-core fonts-liberation2 fonts-noto-core fonts-noto-cjk tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production FOLIO_DATA_DIR=/data
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY src ./src
COPY adapters ./adapters
COPY prompts ./prompts
COPY manifests ./manifests
RUN useradd --system --uid 10001 --home-dir /home/folio --create-home folio \
 && mkdir -p /data && chown folio /data
USER folio
VOLUME ["/data"]
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "--", "node", "bin/folio.js"]
CMD ["serve"]
