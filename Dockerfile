# The bundled reference zone API as a container image: a target for
# `specgate run --target-image specgate-reference:latest`, or for trying the API by hand.
#
#   docker build -t specgate-reference .
#   docker run --rm -p 8787:8787 -e SPECGATE_TOKEN=some-token specgate-reference
#
# Credentials come from the environment, as for `specgate serve`: SPECGATE_TOKEN (API token) and/or
# SPECGATE_EMAIL with SPECGATE_KEY (key pair). With none, the server generates them and prints
# them in its log. The control API (/__control) is on: the image exists to be tested against.

# Dependencies are installed where a compiler is at hand (better-sqlite3 is native; npm fetches a
# prebuilt binary, and builds it when there is none for the platform).
FROM node:20-bookworm AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
USER node
EXPOSE 8787
CMD ["node", "bin/specgate.mjs", "serve", "--host", "0.0.0.0", "--port", "8787", "--test-mode"]
