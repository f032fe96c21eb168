package org.stablehlo4j.compat.legalize;

import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassRegistry;

import java.util.function.Function;

/**
 * Registers {@code vhlo-to-version}, {@code vhlo-legalize-to-stablehlo} and {@code stablehlo-legalize-to-vhlo}
 * with {@link PassRegistry}.
 */
public final class LegalizePasses {
    private LegalizePasses() {}

    /** A pass that replaces the module's contents with what {@code rewrite} makes of it. */
    private record RewritePass(String name, Rewrite rewrite) implements Pass {
        @Override
        public void run(ModuleOp module, PassContext context) throws DiagnosticException {
            ModuleOp out = rewrite.apply(module);
            if (out != module) Legalize.transplant(out, module); // a rewrite that changed nothing returns its input
        }
    }

    @FunctionalInterface
    private interface Rewrite {
        ModuleOp apply(ModuleOp m) throws DiagnosticException;
    }

    public static void registerAll(PassRegistry registry) {
        registry.register("vhlo-legalize-to-stablehlo",
                "Legalize VHLO to StableHLO", options -> {
            noOptions("vhlo-legalize-to-stablehlo", options);
            return new RewritePass("vhlo-legalize-to-stablehlo", Legalize::vhloToStablehlo);
        });
        registry.register("stablehlo-legalize-to-vhlo",
                "Legalize StableHLO to VHLO", options -> {
            boolean allow = booleanOption("stablehlo-legalize-to-vhlo", options, "allow-other-dialects");
            return new RewritePass("stablehlo-legalize-to-vhlo", m -> Legalize.stablehloToVhlo(m, allow));
        });
        registry.register("stablehlo-deserialize",
                "Upgrade VHLO to the current version and legalize it to StableHLO (pipeline)", options -> {
            noOptions("stablehlo-deserialize", options);
            return new RewritePass("stablehlo-deserialize",
                    m -> Legalize.vhloToStablehlo(VhloToVersion.convert(m, Version.current())));
        });
        registry.register("vhlo-to-version",
                "Convert between versions of VHLO for compatibility", options -> {
            String target = option("vhlo-to-version", options, "target", s -> s);
            return new RewritePass("vhlo-to-version",
                    m -> VhloToVersion.convert(m, VhloToVersion.target(target == null ? "" : target, m)));
        });
    }

    private static void noOptions(String pass, String options) {
        if (!options.isBlank()) throw new IllegalArgumentException("pass '" + pass + "' takes no options");
    }

    private static boolean booleanOption(String pass, String options, String name) {
        Boolean b = option(pass, options, name, s -> {
            if (s.isEmpty() || s.equals("true") || s.equals("1")) return true;
            if (s.equals("false") || s.equals("0")) return false;
            throw new IllegalArgumentException("invalid value '" + s + "' for option '" + name + "'");
        });
        return b != null && b;
    }

    /** The value of the single option {@code name} in {@code options} ({@code name=value}), or null if absent. */
    private static <T> T option(String pass, String options, String name, Function<String, T> parse) {
        T out = null;
        for (String part : options.trim().split("\\s+")) {
            if (part.isEmpty()) continue;
            int eq = part.indexOf('=');
            String key = eq < 0 ? part : part.substring(0, eq);
            if (!key.equals(name)) {
                throw new IllegalArgumentException("pass '" + pass + "' has no option '" + key + "'");
            }
            out = parse.apply(eq < 0 ? "" : unquote(part.substring(eq + 1)));
        }
        return out;
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && (s.startsWith("'") && s.endsWith("'") || s.startsWith("\"") && s.endsWith("\""))) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }
}
