#!/usr/bin/env bash
# `npm run test:fast`, the day-to-day loop: the type check, lint and web build side by side (each keeps about one
# CPU busy; the infra tests synthesize the stack, which deploys the built site), then the unit, web and infra
# tests on every CPU. Arguments go to Jest.
set -euo pipefail
cd "$(dirname "$0")/../.."
npm run --silent typecheck &
typecheck=$!
npm run --silent lint &
lint=$!
npm run --silent build:web >/dev/null &
web=$!
wait "$typecheck"
wait "$lint"
wait "$web"
exec npx jest --selectProjects unit web infra --maxWorkers=2 "$@"
