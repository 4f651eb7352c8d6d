#!/usr/bin/env bash
# Builds the web front end into build/web, where `qi serve` finds it. Installs
# the npm packages from the lockfile only when the lockfile changed, and
# rebuilds only when a file under web/ is newer than the last build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/web"
command -v npm > /dev/null || { echo "build_web: npm is missing (install Node.js 20 or newer)"; exit 1; }
stamp_ci=node_modules/.qi-ci-stamp
if [ ! -f "$stamp_ci" ] || [ package-lock.json -nt "$stamp_ci" ]; then
  npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp_ci"
fi
out="$root/build/web"
stamp="$out/.qi-build-stamp"
if [ -f "$stamp" ] && [ -z "$(find index.html src vite.config.ts tsconfig.json package-lock.json -newer "$stamp" -print -quit)" ]; then
  exit 0
fi
npx tsc --noEmit
npx vite build --logLevel warn
touch "$stamp"
