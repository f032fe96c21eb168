"""The lit test format of the stablehlo4j conformance run (a module so lit's worker processes can load it)."""

import lit.formats


class Stablehlo4jTest(lit.formats.ShTest):
    """ShTest that selects the testdata sample and marks listed expected failures XFAIL ('*')."""

    def __init__(self, xfails, sample):
        super().__init__(execute_external=False)
        self.xfails = xfails
        self.sample = sample

    @staticmethod
    def shared_path(test):
        return "/".join(("stablehlo",) + tuple(test.path_in_suite))

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        for test in super().getTestsInDirectory(testSuite, path_in_suite, litConfig, localConfig):
            rel = self.shared_path(test)
            if self.sample is not None and rel.startswith("stablehlo/testdata/") and rel not in self.sample:
                continue
            yield test

    def execute(self, test, litConfig):
        if self.shared_path(test) in self.xfails:
            test.xfails = ["*"]
        return super().execute(test, litConfig)
