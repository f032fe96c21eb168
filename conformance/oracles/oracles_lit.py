"""lit test format of the oracle checks: real JAX exports compared byte for byte with libStablehlo's answers.

Each sample folder (../shared/jax-samples, ../shared/shardy/samples) holds, per program NAME, the module text
JAX printed (NAME.jax.mlir), its portable artifact (NAME.mlir.bc), libStablehlo's printing of that artifact
(NAME.deserialized.mlir), libStablehlo's serializations of the text at some targets (NAME.T.mlir.bc), plain
MLIR bytecode (NAME.plain.mlirbc, jax-samples only) and one run's inputs and outputs (NAME.io.json). One lit
test per (NAME, check), all run inside the sample folder, as the oracles were made there:

  deserialize   stablehlo-translate --deserialize NAME.mlir.bc        == NAME.deserialized.mlir (exact text)
  serialize-T   stablehlo-translate --serialize --target=T NAME.jax.mlir == NAME.T.mlir.bc (exact bytes)
  plain         stablehlo-opt NAME.plain.mlirbc                       == NAME.deserialized.mlir (exact text, plus
                the newline stablehlo-opt writes after the printed module, as upstream's MlirOptMain does)
  emit-bytecode stablehlo-opt -emit-bytecode NAME.deserialized.mlir | stablehlo-opt  == what `plain` expects
  fixed-point   stablehlo-opt NAME.jax.mlir, printed again by stablehlo-opt: the same text
  interpret     stablehlo-translate --interpret --args-json=NAME.io.json: NAME.io.json's outputs (tolerances below)

../shared/jax-runtime (area jax-runtime) holds exports that need more than StableHLO ops: its CPU ones (linalg_*
without a platform suffix, i.e. JAX's LAPACK custom calls) and its shape-polymorphic ones (poly_*, specialized to
the inputs' shapes before they run) are checked here, by `interpret` alone, run on the artifact as JAX wrote it:
stablehlo-translate --interpret --args-json=NAME.io.json NAME.mlir.bc. poly_mlp has one more check:

  shape-assertion  poly_mlp with a [0, 8] input (its io.json's weights) fails, exit status 1, with JAX's shape
                assertion message, its placeholders filled in: 'b' = 0

The one sanctioned byte difference: an i1 splat (dense<true>) is 0xFF in upstream's frozen compatibility files,
which are the authority, and 0x01 in the samples' bytes (jaxlib's newer MLIR; see jax-samples/SOURCE.md).
"""

import glob
import json
import math
import os
import re
import subprocess

import lit.Test
import lit.formats

LISTED_PASS = lit.Test.ResultCode("LISTED-PASS", "Passed but listed in expected-failures.txt", True)

# Samples whose artifacts carry an i1 splat: ours may write 0xFF where the sample has 0x01 (at most this many).
I1_SPLAT_SAMPLES = {"attention": 1, "reductions": 1, "gather_sharded": 1}

# Output tolerances, the policy README.md states ("Running a program on JSON inputs"), the same as
# cli/src/test/.../JaxSamplesTest: |ours - expected| <= rtol * |expected| + atol per element, with rtol the
# dtype's unit roundoff and atol = rtol / 10 * max |expected| over that output; integers and booleans exact.
RTOL = {
    "float64": 1e-12, "complex128": 1e-12,
    "float32": 1e-5, "complex64": 1e-5,
    "float16": 2.0 ** -11,
    "bfloat16": 2.0 ** -8,
}
# Computes in bf16 and widens to f32 at the end (XLA on CPU computes those steps in f32): bf16's rtol.
SAMPLE_RTOL = {"layernorm_bf16": 2.0 ** -8}
TIMEOUT = 600


def read_expected_failures(path):
    names = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                entry = line.split("#", 1)[0].strip()
                if entry:
                    names.add(entry)
    return names


def collections(shared_root):
    """The sample folders present, relative to the shared root."""
    out = []
    for rel in ("jax-samples", "shardy/samples", "jax-runtime"):
        if os.path.isdir(os.path.join(shared_root, rel)):
            out.append(rel)
    return out


def runtime_sample(name):
    """The jax-runtime programs checked here: the linalg_ exports (CPU, and the _cuda/_rocm lowerings) and the poly_ ones."""
    return name.startswith("linalg_") or name.startswith("poly_")


# The jax-runtime export whose shape assertion is checked with an input that violates it.
ASSERTION_SAMPLE = "poly_mlp"


def checks(folder, name):
    if os.path.basename(folder) == "jax-runtime":
        if not runtime_sample(name) or not os.path.exists(os.path.join(folder, name + ".io.json")):
            return []
        return ["interpret", "shape-assertion"] if name == ASSERTION_SAMPLE else ["interpret"]
    result = ["deserialize"]
    for path in sorted(glob.glob(os.path.join(folder, glob.escape(name) + ".*.mlir.bc"))):
        target = os.path.basename(path)[len(name) + 1:-len(".mlir.bc")]
        if re.fullmatch(r"\d+\.\d+\.\d+", target):
            result.append("serialize-" + target)
    if os.path.exists(os.path.join(folder, name + ".plain.mlirbc")):
        result.append("plain")
        result.append("emit-bytecode")
    result.append("fixed-point")
    if os.path.exists(os.path.join(folder, name + ".io.json")):
        result.append("interpret")
    return result


class OracleTest(lit.formats.TestFormat):
    def __init__(self, xfails, bin_dir):
        self.xfails = xfails
        self.bin_dir = bin_dir

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        rel = "/".join(path_in_suite)
        if rel not in collections(testSuite.source_root):
            return
        folder = testSuite.getSourcePath(path_in_suite)
        for text in sorted(glob.glob(os.path.join(folder, "*.jax.mlir"))):
            name = os.path.basename(text)[:-len(".jax.mlir")]
            for check in checks(folder, name):
                yield lit.Test.Test(testSuite, path_in_suite + (name, check), localConfig)

    # --- running -------------------------------------------------------------------------------------------

    def execute(self, test, litConfig):
        rel = "/".join(test.path_in_suite)
        listed = rel in self.xfails
        *coll, name, check = test.path_in_suite
        folder = test.suite.getSourcePath(tuple(coll))
        work = test.getExecPath()
        os.makedirs(work, exist_ok=True)
        env = dict(os.environ)
        env.update(test.config.environment)
        try:
            ok, message = self.run_check(check, folder, name, work, env)
        except subprocess.TimeoutExpired as e:
            ok, message = False, "timed out after %d s: %s" % (TIMEOUT, " ".join(e.cmd))
        if listed:
            if ok:
                return lit.Test.Result(LISTED_PASS, "This check passes now: remove it from "
                                       "conformance/expected-failures.txt (conformance/run --prune).")
            return lit.Test.Result(lit.Test.XFAIL, message)
        return lit.Test.Result(lit.Test.PASS if ok else lit.Test.FAIL, message)

    def tool(self, name):
        return os.path.join(self.bin_dir, name)

    def run(self, args, folder, env, stdin=None):
        p = subprocess.run(args, cwd=folder, env=env, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")

    def tool_failed(self, args, code, err):
        return False, "%s\nexit status %d\n%s" % (" ".join(args), code, err[-4000:])

    def run_check(self, check, folder, name, work, env):
        translate, opt = self.tool("stablehlo-translate"), self.tool("stablehlo-opt")
        text = name + ".jax.mlir"
        if check in ("deserialize", "plain"):
            if check == "deserialize":
                args = [translate, "--deserialize", name + ".mlir.bc"]
            else:
                args = [opt, name + ".plain.mlirbc"]
            code, out, err = self.run(args, folder, env)
            if code != 0:
                return self.tool_failed(args, code, err)
            expected = read(os.path.join(folder, name + ".deserialized.mlir"))
            if check == "plain":
                expected += b"\n"  # stablehlo-opt ends its output with one more newline than --deserialize
            return same_text(out, expected)
        if check.startswith("serialize-"):
            target = check[len("serialize-"):]
            out_path = os.path.join(work, "out.mlir.bc")
            if os.path.exists(out_path):
                os.remove(out_path)
            args = [translate, "--serialize", "--target=" + target, text, "-o", out_path]
            if "sdy" in read(os.path.join(folder, text)).decode("utf-8", "replace"):
                args.insert(3, "--allow-other-dialects")
            code, _, err = self.run(args, folder, env)
            if code != 0:
                return self.tool_failed(args, code, err)
            return same_bytes(read(out_path), read(os.path.join(folder, name + "." + target + ".mlir.bc")),
                              I1_SPLAT_SAMPLES.get(name, 0))
        if check == "emit-bytecode":
            args = [opt, "-emit-bytecode", name + ".deserialized.mlir"]
            code, data, err = self.run(args, folder, env)
            if code != 0:
                return self.tool_failed(args, code, err)
            args2 = [opt, "-"]
            code, text, err = self.run(args2, folder, env, stdin=data)
            if code != 0:
                return self.tool_failed(args + ["|"] + args2, code, err)
            return same_text(text, read(os.path.join(folder, name + ".deserialized.mlir")) + b"\n")
        if check == "fixed-point":
            args = [opt, text]
            code, first, err = self.run(args, folder, env)
            if code != 0:
                return self.tool_failed(args, code, err)
            args2 = [opt, "-"]
            code, second, err = self.run(args2, folder, env, stdin=first)
            if code != 0:
                return self.tool_failed(args + ["|"] + args2, code, err)
            return same_text(second, first)
        if check == "interpret":
            out_path = os.path.join(work, "outputs.json")
            if os.path.exists(out_path):
                os.remove(out_path)
            program = name + ".mlir.bc" if os.path.basename(folder) == "jax-runtime" else text
            args = [translate, "--interpret", "--args-json=" + name + ".io.json", "--results-json=" + out_path,
                    program]
            code, _, err = self.run(args, folder, env)
            if code != 0:
                return self.tool_failed(args, code, err)
            try:
                ours = json.loads(read(out_path))["outputs"]
            except (ValueError, KeyError, TypeError) as e:
                return False, "unreadable results JSON: %s" % e
            expected = json.loads(read(os.path.join(folder, name + ".io.json")))["outputs"]
            return same_outputs(ours, expected, SAMPLE_RTOL.get(name))
        if check == "shape-assertion":
            return self.check_shape_assertion(folder, name, work, env)
        return False, "unknown check " + check

    def check_shape_assertion(self, folder, name, work, env):
        """The export run on a first input of shape [0, ...]: JAX's assertion message with 'b' = 0, exit 1."""
        inputs = json.loads(read(os.path.join(folder, name + ".io.json")))["inputs"]
        first = dict(inputs[0])
        first["shape"] = [0] + list(first["shape"][1:])
        first["data"] = []
        args_path = os.path.join(work, "empty-batch.json")
        with open(args_path, "w", encoding="utf-8") as f:
            json.dump({"inputs": [first] + inputs[1:]}, f)
        args = [self.tool("stablehlo-translate"), "--interpret", "--args-json=" + args_path, name + ".mlir.bc"]
        code, _, err = self.run(args, folder, env)
        expected = ("Input shapes do not match the polymorphic shapes specification", "'b' = 0",
                    "args[0].shape[0] (= 0)")
        if code != 1 or not all(e in err for e in expected):
            return False, "%s\nexit status %d, expected 1 with JAX's assertion message ('b' = 0)\n%s" % (
                " ".join(args), code, err[-4000:])
        if "{0}" in err:
            return False, "placeholder left in the message:\n" + err[-4000:]
        return True, ""


def read(path):
    with open(path, "rb") as f:
        return f.read()


def same_text(ours, expected):
    if ours == expected:
        return True, ""
    a = ours.decode("utf-8", "replace").splitlines()
    b = expected.decode("utf-8", "replace").splitlines()
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "<end of output>"
        y = b[i] if i < len(b) else "<end of file>"
        if x != y:
            return False, "first difference at line %d\n  ours:     %s\n  expected: %s" % (i + 1, x, y)
    return False, "outputs differ only in line endings or a final newline"


def same_bytes(ours, expected, i1_splats):
    if len(ours) != len(expected):
        i = next((k for k in range(min(len(ours), len(expected))) if ours[k] != expected[k]), min(len(ours),
                                                                                             len(expected)))
        return False, "length %d, expected %d; first difference at byte %d" % (len(ours), len(expected), i)
    diffs = [k for k in range(len(ours)) if ours[k] != expected[k]]
    sanctioned = [k for k in diffs if ours[k] == 0xFF and expected[k] == 0x01]
    if len(diffs) == len(sanctioned) and len(sanctioned) <= i1_splats:
        return True, ""
    k = diffs[0]
    return False, "%d differing bytes; first at %d: 0x%02x, expected 0x%02x" % (len(diffs), k, ours[k], expected[k])


def flat_numbers(data, dtype):
    out = []
    for v in data:
        if dtype.startswith("complex"):
            out.extend(v)
        else:
            out.append(v)
    return out


def same_outputs(ours, expected, sample_rtol):
    if len(ours) != len(expected):
        return False, "%d outputs, expected %d" % (len(ours), len(expected))
    for i, (o, e) in enumerate(zip(ours, expected)):
        if o.get("shape") != e["shape"] or o.get("dtype") != e["dtype"]:
            return False, "output %d: %s %s, expected %s %s" % (i, o.get("dtype"), o.get("shape"), e["dtype"],
                                                               e["shape"])
        a, b = flat_numbers(o["data"], e["dtype"]), flat_numbers(e["data"], e["dtype"])
        if len(a) != len(b):
            return False, "output %d: %d values, expected %d" % (i, len(a), len(b))
        rtol = sample_rtol or RTOL.get(e["dtype"])
        if rtol is None:
            for k, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    return False, "output %d element %d: %r, expected %r (exact)" % (i, k, x, y)
            continue
        finite = [abs(float(y)) for y in b if not (math.isnan(float(y)) or math.isinf(float(y)))]
        atol = rtol / 10 * max(finite, default=0.0)
        for k, (x, y) in enumerate(zip(a, b)):
            x, y = float(x), float(y)
            if math.isnan(x) or math.isnan(y) or math.isinf(x) or math.isinf(y):
                if not (x == y or (math.isnan(x) and math.isnan(y))):
                    return False, "output %d element %d: %r, expected %r" % (i, k, x, y)
                continue
            if abs(x - y) > atol + rtol * abs(y):
                return False, "output %d element %d: %r, expected %r (rtol %g, atol %g)" % (i, k, x, y, rtol, atol)
    return True, ""
