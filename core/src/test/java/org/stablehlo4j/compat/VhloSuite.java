package org.stablehlo4j.compat;

import org.stablehlo4j.dialect.vhlo.version.Version;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Access to upstream's tests/vhlo folder (system property {@code stablehlo.shared}) for the compat tests. */
final class VhloSuite {
    private static final Pattern FILE_VERSION = Pattern.compile("\\.(\\d+)_(\\d+)_(\\d+)\\.mlir(\\.bc)?$");
    private static final Pattern TARGET_OPTION = Pattern.compile("target=([0-9][0-9.]*)");
    private static final Pattern CHECK_LINE = Pattern.compile("^\\s*//\\s*(CHECK[-A-Z]*)(\\{LITERAL\\})?:\\s?(.*)$");

    private VhloSuite() {}

    /** The tests/vhlo folder; skips the calling test if the corpus is absent. */
    static Path dir() {
        String shared = System.getProperty("stablehlo.shared");
        assumeTrue(shared != null, "system property stablehlo.shared not set");
        Path dir = Paths.get(shared, "stablehlo", "tests", "vhlo");
        assumeTrue(Files.isDirectory(dir), "upstream corpus not found at " + dir);
        return dir;
    }

    /** Files in the folder whose name ends with {@code suffix}, sorted. */
    static List<Path> files(String suffix) {
        try (Stream<Path> s = Files.list(dir())) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The version a file's name carries ({@code foo.1_9_0.mlir}), if any. */
    static Optional<Version> versionInName(Path file) {
        Matcher m = FILE_VERSION.matcher(file.getFileName().toString());
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(Version.parse(m.group(1) + "." + m.group(2) + "." + m.group(3)));
    }

    /**
     * The version a test file's CHECK lines are written for: the one in its name, else the one its RUN lines
     * target, else the current version.
     */
    static Version versionOf(Path file) {
        Optional<Version> named = versionInName(file);
        if (named.isPresent()) {
            return named.get();
        }
        Matcher m = TARGET_OPTION.matcher(read(file));
        return m.find() ? Version.parse(m.group(1)) : Version.current();
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] readBytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One FileCheck directive line: its directive ({@code CHECK-SAME}) and pattern text. */
    record Check(String directive, String body) {
        boolean continues() {
            return directive.endsWith("-SAME");
        }
    }

    /** Every positive FileCheck directive line ({@code CHECK*}, not {@code *-NOT}), in order. */
    static List<Check> checks(Path file) {
        List<Check> out = new ArrayList<>();
        for (String line : read(file).split("\n", -1)) {
            Matcher m = CHECK_LINE.matcher(line);
            if (m.matches() && !m.group(1).endsWith("-NOT")) {
                out.add(new Check(m.group(1), m.group(3)));
            }
        }
        return out;
    }
}
