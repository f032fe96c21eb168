# -*- Python -*-
# lit configuration of the Shardy dialect's own tests (<shared>/shardy/shardy/dialect/sdy/ir/test/*.mlir,
# unmodified) against our bin/ tools: their RUN lines name upstream's `sdy_opt`, which runs our stablehlo-opt
# (it loads the sdy dialect). Listed expected failures use paths relative to the shared root
# (shardy/shardy/dialect/sdy/ir/test/NAME.mlir); conformance/run reports them as the area "shardy/tests".

import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
conformance_dir = os.path.dirname(here)
sys.path.insert(0, conformance_dir)
from stablehlo4j_lit import Stablehlo4jTest, configure_tools  # noqa: E402

repo_root = os.path.dirname(conformance_dir)
stablehlo_shared = os.path.abspath(os.environ.get("STABLEHLO_SHARED")
                                   or os.path.join(repo_root, "..", "shared", "stablehlo"))
shared = os.path.dirname(stablehlo_shared)
prefix = "shardy/shardy/dialect/sdy/ir/test"
source_root = os.path.join(shared, prefix)
llvm_bin = os.environ.get("STABLEHLO4J_LLVM_BIN", "/usr/lib/llvm-22/bin")
if not os.path.isdir(source_root):
    lit_config.fatal("Shardy dialect tests not found at %s (set STABLEHLO_SHARED)" % source_root)


def read_expected_failures(path):
    names = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                entry = line.split("#", 1)[0].strip()
                if entry:
                    names.add(entry)
    return names


xfails = set() if os.environ.get("STABLEHLO4J_NO_XFAIL") == "1" else read_expected_failures(
    os.path.join(conformance_dir, "expected-failures.txt"))

config.name = "SDY"
config.test_format = Stablehlo4jTest(xfails, None, prefix)
config.suffixes = [".mlir"]
config.test_source_root = source_root
config.test_exec_root = os.path.join(repo_root, "build", "lit-sdy")
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"
config.available_features = set()

bin_dir = os.path.join(repo_root, "bin")
configure_tools(config, bin_dir, llvm_bin,
                [("sdy_opt", os.path.join(bin_dir, "stablehlo-opt")),
                 ("FileCheck", os.path.join(llvm_bin, "FileCheck")), ("not", os.path.join(llvm_bin, "not"))])
