#!/usr/bin/env bash
# `npm run test:fast`, the day-to-day loop: the checks (type check, lint, web build side by side), then the unit,
# web and infra tests on every CPU. Arguments go to Jest.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/support/checks.sh
exec npx jest --selectProjects unit web infra --maxWorkers=2 "$@"
