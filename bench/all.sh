#!/usr/bin/env bash
# npm run bench:all   (needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)
#
# Every benchmark of issue 17, one after the other in one run on one machine, so that their figures can be
# quoted together: the build, the home page's first JavaScript, start-up, search at 50k caregivers (beside
# its SQL and a bare server), message delivery on one instance, Lighthouse (median of 3), the 10-minute
# two-instance soak, and a 26-week series. Each writes its JSON under bench/results/; the whole output goes
# to bench/results/all.log as well. Run it on a quiet machine: every figure is compared with a reference
# measured in the same run, but a busy machine still widens the tails. About 30 minutes.
set -euo pipefail
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
: "${DATABASE_URL:?set DATABASE_URL: the benchmarks make their own databases next to the one it names}"
log=bench/results/all.log
mkdir -p bench/results
exec > >(tee "$log") 2>&1
step() { echo; echo "::: $1 ($(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1-3 /proc/loadavg))"; }

echo "bench:all on $(nproc) cores, node $(node --version), commit $(git rev-parse --short HEAD)"
step build
npm run build
step "home page first load (gzip)"
# Without DATABASE_URL: with it set, Vitest 4 answered "No test files found" for this file (not looked into).
env -u DATABASE_URL npx vitest run --config vitest.e2e.config.ts e2e/bundle-size.test.ts --reporter verbose
step startup
BENCH_RUNS="${BENCH_RUNS:-5}" npm run bench:startup
step "search, 50k caregivers"
BENCH_SECONDS="${BENCH_SECONDS:-12}" BENCH_ROUNDS="${BENCH_ROUNDS:-4}" npm run bench:search
step messages
npm run bench:messages
step lighthouse
LIGHTHOUSE_RUNS="${LIGHTHOUSE_RUNS:-3}" npm run bench:lighthouse
step "soak, two instances"
npm run bench:soak
step series
npm run bench:series
step done
