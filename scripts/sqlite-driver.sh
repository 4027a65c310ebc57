#!/usr/bin/env bash
# After `npm ci`: the SQLite driver of this Node line must load. better-sqlite3 12 (Node 20) is an
# optional dependency compiled at install, and npm drops an optional dependency whose build fails
# without a word but a smaller package count (seen once, on a loaded machine: every test that
# opens a database then failed). Here that is said, the build is tried again with its output
# shown, and a second failure stops CI with the cause.
set -euo pipefail
cd "$(dirname "$0")/.."
loads() {
  node -e "const name = Number(process.versions.napi) >= 10 ? 'better-sqlite3' : 'better-sqlite3-v12'; new (require(name))(':memory:').close()" 2>&1
}
if why=$(loads); then exit 0; fi
echo "sqlite-driver: the SQLite driver for Node $(node -v) does not load after npm ci:" >&2
echo "$why" >&2
spec=$(node -p "require('./package.json').optionalDependencies['better-sqlite3-v12']")
echo "sqlite-driver: building better-sqlite3-v12 ($spec) again, its output shown" >&2
npm install --no-save --no-audit --no-fund --foreground-scripts "better-sqlite3-v12@$spec" >&2
if why=$(loads); then echo "sqlite-driver: it loads now" >&2; exit 0; fi
echo "sqlite-driver: it still does not load: $why" >&2
echo "sqlite-driver: building it needs python3, make and a C++ compiler, and Node's headers" >&2
exit 1
