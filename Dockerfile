FROM node:24-bookworm-slim AS build
# Some dependencies report installs to Scarf; nothing leaves the build.
ENV SCARF_ANALYTICS=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# What `npm run build` reads: its script, the sources, and openapi.yaml (checked and copied to dist/openapi.json).
COPY tsconfig.json ./
COPY scripts ./scripts
COPY openapi ./openapi
COPY src ./src
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production SCARF_ANALYTICS=false DATA_DIR=/app/data
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY openapi ./openapi
COPY docs/guides ./docs/guides
COPY schema ./schema
# The image's unprivileged user; it owns only the embedded database's directory.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready means the database is reachable, migrations are applied and the delivery worker runs (GET /readyz).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/src/main.js"]
