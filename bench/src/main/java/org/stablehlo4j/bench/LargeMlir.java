package org.stablehlo4j.bench;

/**
 * Generates a large StableHLO program as text (generic op form): one function with a big dense f32 constant (about half of the
 * text) followed by a long chain of element-wise ops that use it (the other half).
 */
public final class LargeMlir {
    /** Elements of the small tensors the op chain works on. */
    static final int WIDTH = 16;

    private LargeMlir() {}

    /** A program of roughly {@code targetBytes} characters. */
    public static String generate(long targetBytes) {
        if (targetBytes <= 0 || targetBytes > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("target size out of range: " + targetBytes);
        }
        // "1.250000e+00, " is 14 characters; one op of the chain (generic form) about 100.
        int constantElements = (int) Math.max(WIDTH, targetBytes / 2 / 14 / WIDTH * WIDTH);
        int ops = (int) Math.max(1, targetBytes / 2 / 100);
        String small = "tensor<" + WIDTH + "xf32>";
        String big = "tensor<" + constantElements + "xf32>";
        StringBuilder sb = new StringBuilder((int) (targetBytes + targetBytes / 8));
        sb.append("func.func @main(%arg0: ").append(small).append(") -> ").append(small).append(" {\n");
        sb.append("  %big = \"stablehlo.constant\"() <{value = dense<[");
        for (int i = 0; i < constantElements; i++) {
            if (i > 0) sb.append(", ");
            sb.append(i % 1000).append(".250000e+00");
        }
        sb.append("]> : ").append(big).append("}> : () -> ").append(big).append('\n');
        sb.append("  %part = \"stablehlo.slice\"(%big) <{limit_indices = array<i64: ").append(WIDTH)
                .append(">, start_indices = array<i64: 0>, strides = array<i64: 1>}> : (").append(big)
                .append(") -> ").append(small).append('\n');
        String prev = "%part";
        String[] kinds = {"add", "multiply", "subtract", "maximum"};
        for (int i = 0; i < ops; i++) {
            String v = "%v" + i;
            sb.append("  ").append(v).append(" = \"stablehlo.").append(kinds[i % kinds.length]).append("\"(")
                    .append(prev).append(", %arg0) : (").append(small).append(", ").append(small).append(") -> ")
                    .append(small).append('\n');
            prev = v;
        }
        sb.append("  \"func.return\"(").append(prev).append(") : (").append(small).append(") -> ()\n}\n");
        return sb.toString();
    }
}
