package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.pass.PassContext;

/**
 * {@code --stablehlo-check-shape-assertions[=enable-shape-assertions=true|false]}: checks the
 * {@code stablehlo.custom_call @shape_assertion(assert_what, error_message_inputs...)} ops JAX emits to validate
 * the concrete shapes of a shape-polymorphic program (upstream's {@code StablehloCheckShapeAssertionsPass}). An
 * assertion whose {@code assert_what} is the constant {@code true} is removed; one that is {@code false} is an
 * error carrying its {@code error_message} with the {@code {N}} placeholders replaced by the values of the
 * (constant) error message inputs, and the pass fails. An assertion that is not constant or is malformed is an
 * error too. With {@code enable-shape-assertions=false} the assertions are removed unchecked. Runs on each
 * {@code func.func}.
 */
public final class CheckShapeAssertionsPass implements FunctionPass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-check-shape-assertions";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Check stablehlo.custom_call @shape_assertion ops.";
    /** The call target of shape assertions. */
    public static final String SHAPE_ASSERTION = "shape_assertion";
    /** The most error message inputs an assertion may have (upstream's bound). */
    static final int MAX_ERROR_MESSAGE_INPUTS = 32;

    private final boolean enabled;

    /**
     * A pass that checks ({@code enabled}) or just removes the assertions.
     *
     * @param enabled whether failed assertions are errors
     */
    public CheckShapeAssertionsPass(boolean enabled) {
        this.enabled = enabled;
    }

    /**
     * Reads the options: empty, or {@code enable-shape-assertions[=true|false]}.
     *
     * @param options the option text
     * @return the pass
     * @throws IllegalArgumentException on an unknown option or value
     */
    public static CheckShapeAssertionsPass fromOptions(String options) {
        boolean enabled = true;
        for (String option : options.trim().split("\\s+")) {
            if (option.isEmpty()) continue;
            int eq = option.indexOf('=');
            String key = eq < 0 ? option : option.substring(0, eq);
            String value = eq < 0 ? "true" : option.substring(eq + 1);
            if (!key.equals("enable-shape-assertions")) {
                throw new IllegalArgumentException("unknown option '" + key + "' (expected enable-shape-assertions)");
            }
            if (!value.equals("true") && !value.equals("false")) {
                throw new IllegalArgumentException("invalid value '" + value + "' for option 'enable-shape-assertions'");
            }
            enabled = value.equals("true");
        }
        return new CheckShapeAssertionsPass(enabled);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void runOn(Operation func, PassContext context) throws DiagnosticException {
        List<Diagnostic> errors = new ArrayList<>();
        check(func, errors);
        if (!errors.isEmpty()) throw new DiagnosticException(errors);
    }

    /** Checks (or removes) the assertions in {@code func}; each failure is added to {@code errors}. */
    void check(Operation func, List<Diagnostic> errors) {
        for (Operation op : func.collect(o -> CustomCallOp.is(o)
                && SHAPE_ASSERTION.equals(DynamicCustomCalls.target(o)))) {
            if (!enabled) {
                op.erase();
                continue;
            }
            String problem = verify(op);
            if (problem != null) {
                errors.add(Diagnostic.error(op.location(), problem));
                continue;
            }
            DenseElementsAttr what = Constants.dense(op.operand(0));
            if (what == null) {
                errors.add(Diagnostic.error(op.location(), "expects static assert_what (operand #0)"));
                continue;
            }
            if (Constants.first(what) != 0) {
                op.erase();
                continue;
            }
            long[] inputs = new long[op.numOperands() - 1];
            boolean known = true;
            for (int i = 1; i < op.numOperands() && known; i++) {
                long[] v = Constants.ints(op.operand(i));
                if (v == null || v.length != 1) {
                    errors.add(Diagnostic.error(op.location(), "expects static error_message_input (operand #" + i
                            + ")"));
                    known = false;
                } else {
                    inputs[i - 1] = v[0];
                }
            }
            if (known) errors.add(Diagnostic.error(op.location(), formatMessage(message(op), inputs)));
        }
    }

    private static String message(Operation op) {
        return op.attr("error_message") instanceof StringAttr s ? s.value() : "";
    }

    /** upstream's verifyShapeAssertion: the problem with a malformed assertion, or null. */
    static String verify(Operation op) {
        if (op.numOperands() < 1 || op.numOperands() > 1 + MAX_ERROR_MESSAGE_INPUTS) {
            return "expects 1 <= size(operands) <= " + (1 + MAX_ERROR_MESSAGE_INPUTS);
        }
        if (op.numResults() != 0) return "expects size(results) = 0";
        Set<String> allowed = Set.of("api_version", "backend_config", "call_target_name", "error_message",
                "has_side_effect");
        for (DictionaryAttr d : List.of(op.properties(), op.attributes())) {
            for (NamedAttribute a : d.entries()) {
                if (!allowed.contains(a.name()) && !isDefault(a)) return a.name() + " is not a supported attribute";
            }
        }
        Attribute config = op.attr("backend_config");
        if (config != null && !(config instanceof StringAttr s && s.value().isEmpty())
                && !(config instanceof DictionaryAttr dict && dict.isEmpty())) {
            return "expects an empty backend_config";
        }
        if (!(op.operand(0).type() instanceof RankedTensorType what) || what.rank() != 0
                || !(what.elementType() instanceof IntegerType it) || !it.isSignless() || it.width() != 1) {
            return "expects assert_what (operand #0) to be a constant of type tensor<i1>";
        }
        for (int i = 1; i < op.numOperands(); i++) {
            if (!(op.operand(i).type() instanceof RankedTensorType t) || t.rank() != 0
                    || !(t.elementType() instanceof IntegerType et) || !et.isSignless()
                    || (et.width() != 32 && et.width() != 64)) {
                return "expects error_message_input (operand #" + i + ") to be a constant of type tensor<i32> or "
                        + "tensor<i64>";
            }
        }
        if (!(op.attr("error_message") instanceof StringAttr)) return "expects an error_message attribute";
        String message = message(op);
        int inputs = op.numOperands() - 1;
        int begin = message.indexOf('{');
        while (begin >= 0) {
            int end = firstOf(message, ",:}", begin);
            if (end < 0) break;
            String index = message.substring(begin + 1, end);
            if (index.matches("-?[0-9]+")) {
                long k;
                try {
                    k = Long.parseLong(index);
                } catch (NumberFormatException e) {
                    k = -1;
                }
                if (k < 0 || k >= inputs) {
                    return "expects error_message to contain format specifiers with error_message_input index less "
                            + "than " + inputs + ". Found specifier " + message.substring(begin, end + 1);
                }
            }
            begin = message.indexOf('{', begin + 1);
        }
        return null;
    }

    /**
     * Properties the custom call row fills in with their defaults when absent (an op read from bytecode may carry
     * them explicitly): not attributes the assertion was given.
     */
    private static boolean isDefault(NamedAttribute a) {
        Attribute v = a.value();
        return switch (a.name()) {
            case "called_computations", "output_operand_aliases" ->
                    v instanceof org.stablehlo4j.ir.ArrayAttr arr && arr.elements().isEmpty();
            default -> false;
        };
    }

    private static int firstOf(String s, String chars, int from) {
        for (int i = from; i < s.length(); i++) if (chars.indexOf(s.charAt(i)) >= 0) return i;
        return -1;
    }

    /**
     * The message with {@code {N}} (also {@code {N,layout}} and {@code {N:format}}) replaced by input N in
     * decimal and a doubled opening brace by one, as {@code llvm::formatv} does for integers; inputs past the end read as -1.
     *
     * @param message the error message
     * @param inputs the error message inputs
     * @return the formatted message
     */
    public static String formatMessage(String message, long[] inputs) {
        if (inputs.length == 0) return message;
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < message.length()) {
            char c = message.charAt(i);
            if (c != '{') {
                out.append(c);
                i++;
                continue;
            }
            if (i + 1 < message.length() && message.charAt(i + 1) == '{') {
                out.append('{');
                i += 2;
                continue;
            }
            int close = message.indexOf('}', i);
            if (close < 0) {
                out.append(message, i, message.length());
                break;
            }
            String spec = message.substring(i + 1, close).trim();
            int cut = firstOf(spec, ",:", 0);
            String index = (cut < 0 ? spec : spec.substring(0, cut)).trim();
            if (!index.matches("[0-9]{1,9}")) {
                out.append(message, i, close + 1);
            } else {
                int k = Integer.parseInt(index);
                out.append(k < inputs.length ? inputs[k] : -1);
            }
            i = close + 1;
        }
        return out.toString();
    }
}
