# The bundled reference zone API as a container image: a target for
# `specgate run --target-image specgate-reference:latest`, or for trying the API by hand.
#
#   docker build -t specgate-reference .                       # with a registry (Docker Hub's node images)
#   docker run --rm -p 8787:8787 -e SPECGATE_TOKEN=some-token specgate-reference
#
# Without a registry, scripts/container-images.ts builds it from this file on images made from the
# machine's own node (README, "Container targets"): --target prebuilt with NODE_IMAGE naming an
# image that already holds the production node_modules in /app/node_modules.
#
# Credentials come from the environment, as for `specgate serve`: SPECGATE_TOKEN (API token) and/or
# SPECGATE_EMAIL with SPECGATE_KEY (key pair). With none, the server generates them and prints
# them in its log. The port is SPECGATE_PORT (8787 unless set; on an engine without a bridge the
# container shares the host's network, and specgate hands it a free port). The control API
# (/__control) is on: the image exists to be tested against.

# Node 24 (LTS; Node 20 reached its end of life). Both on Debian bookworm: better-sqlite3 is compiled
# in the first and must find the same C library in the second.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG BUILD_IMAGE=node:24-bookworm

# The settings of the server's image, shared by both ways of building it.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV SPECGATE_PORT=8787
EXPOSE 8787
USER node
CMD ["node", "bin/specgate.mjs", "serve", "--host", "0.0.0.0", "--test-mode"]

# Without a registry (--target prebuilt): NODE_IMAGE already holds /app/node_modules, installed on the
# host for the same node binary. Kept before the stages that need a registry, so that the classic
# builder, which builds every stage up to the target, never reaches them.
FROM runtime AS prebuilt
COPY . .

# Dependencies are installed where a compiler is at hand (better-sqlite3 is native; npm fetches a
# prebuilt binary, and builds it when there is none for the platform).
FROM ${BUILD_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# The default target.
FROM runtime AS reference
COPY --from=deps /app/node_modules ./node_modules
COPY . .
