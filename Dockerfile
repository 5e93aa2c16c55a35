# Whisp in production: the bundle of `pnpm bundle` (the server, the built web app and production
# dependencies), run as a non-root user. Every step here is one that scripts/check-bundle.mjs runs
# and checks on CI (build, bundle, `node server.js`); this file itself is not built there.
#
#   docker build -t whisp . && docker run -p 3000:3000 -v whisp-data:/data whisp

FROM node:24-bookworm AS build
RUN npm install -g pnpm@12.21.0
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile && pnpm bundle /bundle

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WHISP_DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server: it writes only to /data (and /media when mounted).
COPY --from=build /bundle /app
RUN mkdir -p /data /media && chown node:node /data /media
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (exec form): it finishes the requests in flight and exits.
CMD ["node", "server.js"]
