"""The lit test format of the stablehlo4j conformance run (a module so lit's worker processes can load it)."""

import os
import re

import lit.formats
import lit.Test

# lit counts XPASS as success; a listed test that passes must fail the run (the list may only shrink).
LISTED_PASS = lit.Test.ResultCode("LISTED-PASS", "Passed but listed in expected-failures.txt", True)


class Stablehlo4jTest(lit.formats.ShTest):
    """ShTest that selects the testdata sample and marks listed expected failures XFAIL ('*')."""

    def __init__(self, xfails, sample, prefix="stablehlo"):
        super().__init__(execute_external=False)
        self.xfails = xfails
        self.sample = sample
        self.prefix = prefix

    def shared_path(self, test):
        """The test's path relative to the shared root (the suite's folder is ``prefix``)."""
        return "/".join((self.prefix,) + tuple(test.path_in_suite))

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        for test in super().getTestsInDirectory(testSuite, path_in_suite, litConfig, localConfig):
            rel = self.shared_path(test)
            if self.sample is not None and rel.startswith("stablehlo/testdata/") and rel not in self.sample:
                continue
            yield test

    def execute(self, test, litConfig):
        listed = self.shared_path(test) in self.xfails
        if listed:
            test.xfails = ["*"]
        result = super().execute(test, litConfig)
        if isinstance(result, tuple):
            result = lit.Test.Result(*result)
        # lit turns PASS into XPASS only after execute() returns.
        if listed and result.code == lit.Test.PASS:
            return lit.Test.Result(LISTED_PASS, "This test passes now: remove it from conformance/expected-failures.txt"
                                   " (conformance/run --prune).\n\n" + (result.output or ""), result.elapsed)
        return result


# Variables the tools' environment keeps from the caller's (JVM choice and options, the warm tool servers).
PASSED_ENVIRONMENT = ("JAVA_HOME", "STABLEHLO4J_JAVA_OPTS", "STABLEHLO4J_NO_CDS", "STABLEHLO4J_TIMEOUT",
                      "STABLEHLO4J_SERVER", "HOME")


def configure_tools(config, bin_dir, llvm_bin, tools):
    """Puts our bin/ and LLVM's tools on PATH, passes PASSED_ENVIRONMENT through, and substitutes each
    (name, path) of `tools` where the name stands as a whole word in a RUN line (not inside paths or longer
    flag names)."""
    config.environment["PATH"] = os.pathsep.join([bin_dir, llvm_bin,
                                                 config.environment.get("PATH", os.environ["PATH"])])
    for var in PASSED_ENVIRONMENT:
        if var in os.environ:
            config.environment[var] = os.environ[var]
    for tool, path in tools:
        config.substitutions.append((r"(?<![-\w./%])" + re.escape(tool) + r"(?![-\w./])", path))
