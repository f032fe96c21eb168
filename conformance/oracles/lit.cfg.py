# -*- Python -*-
# lit configuration of the byte-exact oracle checks: the real JAX exports in ../shared/jax-samples (and,
# once the Shardy dialect exists, ../shared/shardy/samples) against our bin/ tools. Each sample yields one
# lit test per check (deserialize, serialize-T, plain, fixed-point, interpret), named e.g.
# "jax-samples/mlp/serialize-1.9.0"; the CPU exports of ../shared/jax-runtime (JAX's LAPACK custom calls) and its
# shape-polymorphic ones are checked by running them alone ("jax-runtime/linalg_qr/interpret",
# "jax-runtime/poly_mlp/interpret", "jax-runtime/poly_mlp/shape-assertion"); conformance/expected-failures.txt lists the
# ones that do not pass yet.
# See oracles_lit.py for what each check compares and README.md ("Conformance") for how it is run.

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracles_lit import OracleTest, read_expected_failures  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
conformance_dir = os.path.dirname(here)
repo_root = os.path.dirname(conformance_dir)
stablehlo_shared = os.path.abspath(os.environ.get("STABLEHLO_SHARED")
                                   or os.path.join(repo_root, "..", "shared", "stablehlo"))
shared = os.path.dirname(stablehlo_shared)
if not os.path.isdir(os.path.join(shared, "jax-samples")):
    lit_config.fatal("jax-samples not found at %s (set STABLEHLO_SHARED to <shared>/stablehlo)"
                     % os.path.join(shared, "jax-samples"))

xfails = set() if os.environ.get("STABLEHLO4J_NO_XFAIL") == "1" else read_expected_failures(
    os.path.join(conformance_dir, "expected-failures.txt"))

config.name = "ORACLES"
config.test_format = OracleTest(xfails, os.path.join(repo_root, "bin"))
config.suffixes = []
config.test_source_root = shared
config.test_exec_root = os.path.join(repo_root, "build", "lit-oracles")
# Only the sample folders are walked; the test format names the tests itself.
config.excludes = [n for n in os.listdir(shared) if n not in ("jax-samples", "shardy", "jax-runtime")]
for var in ("JAVA_HOME", "STABLEHLO4J_JAVA_OPTS", "STABLEHLO4J_NO_CDS", "STABLEHLO4J_TIMEOUT",
            "STABLEHLO4J_SERVER", "HOME", "PATH"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
