#!/usr/bin/env bash
# Runs once when a Codespace (or any dev container) is created: fetches everything the lessons,
# checks and the tests need, so the first lesson starts at once and the workshop then works with
# the network cut. The same command works on a laptop the night before a class.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/prefetch
