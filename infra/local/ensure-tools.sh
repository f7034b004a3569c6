#!/usr/bin/env bash
# Installs the system tools the portal needs on a fresh machine, only when they are missing:
#   java      Java 17+ for DynamoDB Local (npm start, the tests)
#   chromium  Debian's Chromium and its headless shell (never a downloaded browser): the browser tests drive the
#             shell, Lighthouse and the icons' drawing the whole browser
# It uses apt-get, as root or through sudo; elsewhere it says what to install.
set -euo pipefail

java_major() { java -version 2>&1 | sed -n 's/.*version "\(1\.\)\{0,1\}\([0-9]*\).*/\2/p' | head -n 1; }
need_java() { ! command -v java >/dev/null 2>&1 || [ "$(java_major)" -lt 17 ]; }
need_chromium() { [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; }
need_headless_shell() { [ ! -x "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" ]; }

packages=()
for tool in "$@"; do
  case "$tool" in
    java) need_java && packages+=(openjdk-17-jre-headless) ;;
    chromium)
      need_chromium && packages+=(chromium)
      need_headless_shell && packages+=(chromium-headless-shell)
      ;;
    *) echo "ensure-tools: unknown tool $tool" >&2; exit 2 ;;
  esac
done
[ ${#packages[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then as_root=(); elif command -v sudo >/dev/null 2>&1; then as_root=(sudo); else as_root=(none); fi
if ! command -v apt-get >/dev/null 2>&1 || [ "${as_root[0]:-}" = none ]; then
  echo "This machine lacks: ${packages[*]}. Install them (Java 17+, Chromium at /usr/bin/chromium or CHROMIUM_PATH, its headless shell at /usr/bin/chromium-headless-shell or CHROMIUM_HEADLESS_SHELL_PATH) and run again." >&2
  exit 1
fi
echo "Installing ${packages[*]} with apt-get…"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
