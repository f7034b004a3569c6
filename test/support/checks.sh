#!/usr/bin/env bash
# What `npm test` and `npm run test:fast` check before any test runs: the type check, lint and the web build, side
# by side (each keeps about one CPU busy; the infra tests synthesize the stack, which deploys the built site, and
# the e2e tests load it). The build's output is shown only when it fails. Fails when any of the three fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
npm run --silent typecheck &
typecheck=$!
npm run --silent lint &
lint=$!
npm run --silent build:web >"$build_log" 2>&1 &
web=$!
status=0
wait "$typecheck" || status=1
wait "$lint" || status=1
if ! wait "$web"; then
  cat "$build_log"
  status=1
fi
exit "$status"
