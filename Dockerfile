# titan-server: the game server (REST + websocket on one port) and the built web client.
# Build: docker build -t titan-server .   Run with PostgreSQL: docker compose up (docker-compose.yml).
FROM node:20-bookworm-slim

WORKDIR /app

# Dependencies first (cached while only the sources change). Dev dependencies are kept: the web client
# is built with Vite, the server is bundled with esbuild, and the bot worker runs TypeScript through tsx.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

COPY . .
# The Prisma client (JavaScript engine, no native binaries) and the web client, built here into
# web-client/dist (a build on the host is not copied: .dockerignore leaves it out) and served at `/`.
RUN npm run -s db:generate && npm run -s build:client && test -f web-client/dist/index.html \
    && npm run -s build:server

# The server runs as the image's unprivileged `node` user; it writes only to the data folder, and once
# to dist/ its V8 code cache (server/codeCache.ts: a restart of the container then skips compiling its bundle).
RUN mkdir -p /data && chown node:node /data dist
USER node

ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    TITAN_DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 3000

HEALTHCHECK --interval=15s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# Started directly (not through npm) so SIGTERM reaches the server: it finishes the intents in flight,
# closes the sockets with code 1001, then exits. Migrations are applied at start-up.
CMD ["node", "dist/server.mjs"]
