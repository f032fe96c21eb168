#!/usr/bin/env bash
# Whole-process CPU of two built checkouts, the command-line jobs only (what issue 15's whole-process targets
# measure): bench/whole-process.sh [--rounds N] [--tiny N] [--fixtures DIR] BASE_TREE NEW_TREE
# Runs stablehlo-opt, --serialize --target=current and --deserialize on the 15 MB mixed fixture, --deserialize of
# the deep one and --tiny runs of examples/add.mlir, BASE and NEW alternated, --rounds rounds (default 5), and
# prints one markdown table: every value (user + sys CPU seconds, /usr/bin/time) and base/new of the medians.
# It is bench/compare.sh --whole-only (see there for fixtures and options); a few minutes on a loaded machine.
set -euo pipefail
here=$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")
exec "$here/compare.sh" --whole-only --rounds 5 "$@"
