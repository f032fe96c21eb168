# -*- Python -*-
# lit configuration of the stablehlo4j conformance run: upstream StableHLO's own tests
# (stablehlo/tests/**/*.mlir and stablehlo/testdata/**/*.mlir, unmodified) against our bin/ tools,
# with the real LLVM FileCheck/not. See conformance/README section in the top-level README.md.
#
# Environment:
#   STABLEHLO_SHARED          upstream checkout (default: <repo>/../shared/stablehlo)
#   STABLEHLO4J_TESTDATA      "sample" (default: every 10th testdata file by sorted path) or "all"
#   STABLEHLO4J_NO_XFAIL=1    ignore conformance/expected-failures.txt (used by `conformance/run --init`)
#   STABLEHLO4J_LLVM_BIN      LLVM tools directory (default: /usr/lib/llvm-22/bin)

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stablehlo4j_lit import Stablehlo4jTest, configure_tools  # noqa: E402 (must be importable by lit's workers)

conformance_dir = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(conformance_dir)
shared = os.path.abspath(os.environ.get("STABLEHLO_SHARED") or os.path.join(repo_root, "..", "shared", "stablehlo"))
llvm_bin = os.environ.get("STABLEHLO4J_LLVM_BIN", "/usr/lib/llvm-22/bin")
source_root = os.path.join(shared, "stablehlo")
if not os.path.isdir(source_root):
    lit_config.fatal("upstream StableHLO tests not found at %s (set STABLEHLO_SHARED)" % source_root)

SAMPLE_EVERY = 10


def read_expected_failures(path):
    """Test paths (relative to the shared root) listed one per line; '#' starts a comment."""
    names = set()
    if not os.path.exists(path):
        return names
    with open(path, encoding="utf-8") as f:
        for line in f:
            entry = line.split("#", 1)[0].strip()
            if entry:
                names.add(entry)
    return names


def testdata_sample():
    """Every SAMPLE_EVERY-th testdata file in sorted path order (a fixed, documented CI subset)."""
    files = []
    root = os.path.join(source_root, "testdata")
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in filenames:
            if name.endswith(".mlir"):
                files.append(os.path.relpath(os.path.join(dirpath, name), shared))
    files.sort()
    return set(files[::SAMPLE_EVERY])


xfails = set() if os.environ.get("STABLEHLO4J_NO_XFAIL") == "1" else read_expected_failures(
    os.path.join(conformance_dir, "expected-failures.txt"))
sample = None if os.environ.get("STABLEHLO4J_TESTDATA", "sample") == "all" else testdata_sample()

config.name = "STABLEHLO4J"
config.test_format = Stablehlo4jTest(xfails, sample)
config.suffixes = [".mlir"]
config.test_source_root = source_root
config.test_exec_root = os.path.join(repo_root, "build", "lit")
# Upstream's config sets this too.
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"
# No 'asserts' feature: RUN lines under `%if asserts` (they need LLVM debug output) are skipped.
config.available_features = set()

bin_dir = os.path.join(repo_root, "bin")
# Tool names in RUN lines run our launchers / LLVM's tools.
configure_tools(config, bin_dir, llvm_bin,
                [("stablehlo-opt", os.path.join(bin_dir, "stablehlo-opt")),
                 ("stablehlo-translate", os.path.join(bin_dir, "stablehlo-translate")),
                 ("FileCheck", os.path.join(llvm_bin, "FileCheck")), ("not", os.path.join(llvm_bin, "not"))])
