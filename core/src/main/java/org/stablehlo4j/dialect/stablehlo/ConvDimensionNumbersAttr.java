package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import static org.stablehlo4j.dialect.stablehlo.Fields.list;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.ir.AsmSink;

/**
 * {@code #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>}: where batch/feature and the spatial
 * dimensions sit in the input, kernel and output. Also parses the {@code raw} struct form
 * ({@code #stablehlo.conv<raw input_batch_dimension = 0, ...>}), which is how an attribute that violates the
 * layout invariants (so has no compact form) is printed.
 */
public record ConvDimensionNumbersAttr(long inputBatchDimension, long inputFeatureDimension,
                                       List<Long> inputSpatialDimensions, long kernelInputFeatureDimension,
                                       long kernelOutputFeatureDimension, List<Long> kernelSpatialDimensions,
                                       long outputBatchDimension, long outputFeatureDimension,
                                       List<Long> outputSpatialDimensions) implements StablehloAttribute {
    private static final String[] RAW_NAMES = {"input_batch_dimension", "input_feature_dimension",
            "input_spatial_dimensions", "kernel_input_feature_dimension", "kernel_output_feature_dimension",
            "kernel_spatial_dimensions", "output_batch_dimension", "output_feature_dimension",
            "output_spatial_dimensions"};
    private static final boolean[] RAW_LISTS = {false, false, true, false, false, true, false, false, true};

    public ConvDimensionNumbersAttr {
        inputSpatialDimensions = List.copyOf(inputSpatialDimensions);
        kernelSpatialDimensions = List.copyOf(kernelSpatialDimensions);
        outputSpatialDimensions = List.copyOf(outputSpatialDimensions);
    }

    @Override
    public void printBody(AsmSink sink) {
        String compact = compactText();
        if (compact == null) {
            sink.append("conv<raw ").append(rawText().substring(1));
            return;
        }
        sink.append("conv<").append(compact).append(">");
    }

    /**
     * The compact layout text {@code [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]} (also the op-level
     * {@code custom<ConvolutionDimensions>} form), or null when the numbers do not describe permutations.
     */
    public String compactText() {
        String in = layout(inputSpatialDimensions, inputBatchDimension, 'b', inputFeatureDimension, 'f');
        String k = layout(kernelSpatialDimensions, kernelInputFeatureDimension, 'i',
                kernelOutputFeatureDimension, 'o');
        String out = layout(outputSpatialDimensions, outputBatchDimension, 'b', outputFeatureDimension, 'f');
        return in == null || k == null || out == null ? null : in + "x" + k + "->" + out;
    }

    private String rawText() {
        StringBuilder sb = new StringBuilder("<");
        Object[] values = components();
        for (int i = 0; i < RAW_NAMES.length; i++) {
            sb.append(i > 0 ? ", " : "").append(RAW_NAMES[i]).append(" = ");
            sb.append(values[i] instanceof List<?> l ? l.toString() : values[i].toString());
        }
        return sb.append(">").toString();
    }

    /** The compact {@code [b, 0, 1, f]} form, or null when the numbers do not describe a permutation. */
    private static String layout(List<Long> spatial, long first, char firstName, long second, char secondName) {
        int n = spatial.size() + 2;
        String[] slots = new String[n];
        if (!place(slots, first, String.valueOf(firstName)) || !place(slots, second, String.valueOf(secondName))) {
            return null;
        }
        for (int i = 0; i < spatial.size(); i++) {
            if (!place(slots, spatial.get(i), Integer.toString(i))) return null;
        }
        return "[" + String.join(", ", slots) + "]";
    }

    private static boolean place(String[] slots, long at, String what) {
        if (at < 0 || at >= slots.length || slots[(int) at] != null) return false;
        slots[(int) at] = what;
        return true;
    }

    static ConvDimensionNumbersAttr parseParams(DialectAsmParser r) {
        r.expect("<");
        if (r.consumeKeyword("raw")) {
            Object[] v = Fields.parseSparseStructFields(r, RAW_NAMES, RAW_LISTS);
            return new ConvDimensionNumbersAttr((Long) v[0], (Long) v[1], list(v[2]), (Long) v[3], (Long) v[4],
                    list(v[5]), (Long) v[6], (Long) v[7], list(v[8]));
        }
        ConvDimensionNumbersAttr a = parseCompact(r);
        r.expect(">");
        return a;
    }

    /** Parses the compact layout text (see {@link #compactText()}). */
    public static ConvDimensionNumbersAttr parseCompact(DialectAsmParser r) {
        Parsed in = parseLayout(r, 'b', 'f');
        r.expectKeyword("x");
        Parsed k = parseLayout(r, 'i', 'o');
        r.expect("->");
        Parsed out = parseLayout(r, 'b', 'f');
        return new ConvDimensionNumbersAttr(in.first, in.second, in.spatial, k.first, k.second, k.spatial,
                out.first, out.second, out.spatial);
    }

    private record Parsed(long first, long second, List<Long> spatial) {}

    private static Parsed parseLayout(DialectAsmParser r, char firstName, char secondName) {
        r.expect("[");
        List<Character> allowed = new ArrayList<>(List.of(firstName, secondName));
        Map<Long, Long> spatialAt = new HashMap<>();
        long first = 0;
        long second = 0;
        long maxSpatial = -1;
        long index = 0;
        do {
            int at = r.offset();
            if (r.atInteger()) {
                long d = r.parseInteger();
                if (d < 0) throw r.errorAt(at, "Unexpected dimension " + d);
                if (spatialAt.putIfAbsent(d, index) != null) {
                    throw r.errorAt(at, "Duplicate entries for spatial dimension " + d);
                }
                maxSpatial = Math.max(maxSpatial, d);
            } else {
                String kw = r.parseKeyword("expected integer or dimension letter");
                if (kw.length() != 1 || allowed.isEmpty()) {
                    throw r.errorAt(at, "Unexpected keyword " + kw);
                }
                char c = kw.charAt(0);
                if (!allowed.contains(c)) {
                    throw r.errorAt(at, "Unexpected dimension " + kw + ", expecting " + joined(allowed));
                }
                allowed.remove((Character) c);
                if (c == firstName) first = index; else second = index;
            }
            index++;
        } while (r.consumeIf(","));
        if (!allowed.isEmpty()) throw r.error("Expected dimensions " + joined(allowed) + " not specified");
        r.expect("]");
        // Each spatial dimension appears once, so they are complete exactly when the largest equals their count
        // minus one; checking that first keeps a huge index from the text from becoming an array size or a loop.
        if (maxSpatial + 1 != spatialAt.size()) {
            throw r.error("Expected spatial dimensions " + missing(spatialAt, maxSpatial) + " not specified");
        }
        Long[] spatial = new Long[spatialAt.size()];
        for (int d = 0; d < spatial.length; d++) spatial[d] = spatialAt.get((long) d);
        return new Parsed(first, second, Arrays.asList(spatial));
    }

    private static String missing(Map<Long, Long> present, long max) {
        List<String> out = new ArrayList<>();
        for (long d = 0; d <= max && out.size() < 10; d++) {
            if (!present.containsKey(d)) out.add(Long.toString(d));
        }
        return String.join(", ", out);
    }

    private static String joined(List<Character> cs) {
        List<String> s = new ArrayList<>();
        for (char c : cs) s.add(String.valueOf(c));
        return String.join(", ", s);
    }

    public static ConvDimensionNumbersAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, ConvDimensionNumbersAttr.class);
    }

    /** The components in declaration order: one array serves equality, hashing and the raw form. */
    private Object[] components() {
        return new Object[] {inputBatchDimension, inputFeatureDimension, inputSpatialDimensions,
                kernelInputFeatureDimension, kernelOutputFeatureDimension, kernelSpatialDimensions,
                outputBatchDimension, outputFeatureDimension, outputSpatialDimensions};
    }

    @Override public boolean equals(Object o) {
        return this == o || o instanceof ConvDimensionNumbersAttr r && Arrays.equals(components(), r.components());
    }

    @Override public int hashCode() { return Fields.recordHash(components()); }
}
