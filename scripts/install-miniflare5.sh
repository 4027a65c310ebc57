#!/usr/bin/env bash
# miniflare 5 (5.20261117.0-beta, what wrangler 4.164.0 brings, with workerd 1.20261117.1) into
# .cache/miniflare5 (git-ignored), from the npm registry (npm's cache first), unless it is there
# already. For .ci/run, `npm run matrix` and test/workerd-miniflare5.test.ts; prints the folder.
# specgate's own miniflare stays the locked 4 (README, "workerd: ... your own miniflare").
set -euo pipefail
cd "$(dirname "$0")/.."
version=5.20261117.0-beta
dir=.cache/miniflare5
installed=$(node -p "require('./$dir/node_modules/miniflare/package.json').version" 2>/dev/null || true)
if [ "$installed" != "$version" ]; then
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error --prefer-offline "miniflare@$version" >&2
fi
echo "$dir"
