package org.stablehlo4j.dialect.stablehlo.asm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.AsmParserContext.OperandRef;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.format.AttrValues;
import org.stablehlo4j.asm.format.CustomDirective;
import org.stablehlo4j.asm.format.CustomDirective.ParseScope;
import org.stablehlo4j.asm.format.CustomDirective.PrintScope;
import org.stablehlo4j.asm.format.Format.Elem;
import org.stablehlo4j.asm.DialectBodyException;
import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.PrettyDirectives;
import org.stablehlo4j.dialect.stablehlo.StablehloAttribute;
import org.stablehlo4j.dialect.stablehlo.StablehloAsm;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * The StableHLO {@code custom<Name>(...)} directives of assembly formats (upstream AssemblyFormat.cpp and
 * StablehloOps.cpp): one printer and one parser per name, working on the format's variables through
 * {@link PrintScope} / {@link ParseScope}. The format engine finds them by name through
 * {@link StablehloFormatExtension}.
 */
final class StablehloDirectives {
    private StablehloDirectives() {}

    private interface Directive extends CustomDirective {}

    static final Map<String, CustomDirective> ALL = Map.ofEntries(
            Map.entry("SameOperandsAndResultType", new SameType(false)),
            Map.entry("VariadicSameOperandsAndResultType", new SameType(true)),
            Map.entry("ComplexOpType", new Directive() {
                public void print(PrintScope s, List<Elem> a) {
                    Type result = one(s.types(a.get(2)));
                    Type real = realType(result);
                    if (!one(s.types(a.get(0))).equals(real) || !one(s.types(a.get(1))).equals(real)) {
                        s.printer().printFunctionalType(s.op());
                    } else {
                        s.printer().printType(result);
                    }
                }

                public void parse(ParseScope s, List<Elem> a) {
                    AsmParserContext p = s.parser();
                    s.markTypeStart();
                    int at = p.offset();
                    Type t = p.parseType();
                    if (t instanceof FunctionType ft) {
                        assign(s, at, ft, a.subList(0, 2), a.get(2));
                        return;
                    }
                    Type real = t instanceof ShapedType st && st.elementType() instanceof ComplexType ? realType(t) : null;
                    if (real == null) throw p.errorAt(at, "expected tensor with complex element type");
                    s.setTypes(a.get(0), List.of(real));
                    s.setTypes(a.get(1), List.of(real));
                    s.setTypes(a.get(2), List.of(t));
                }
            }),
            Map.entry("SelectOpType", new Directive() {
                public void print(PrintScope s, List<Elem> a) {
                    Type result = one(s.types(a.get(3)));
                    if (!one(s.types(a.get(1))).equals(result) || !one(s.types(a.get(2))).equals(result)) {
                        s.printer().printFunctionalType(s.op());
                        return;
                    }
                    s.printer().printType(one(s.types(a.get(0))));
                    s.printer().append(", ");
                    s.printer().printType(result);
                }

                public void parse(ParseScope s, List<Elem> a) {
                    AsmParserContext p = s.parser();
                    s.markTypeStart();
                    int at = p.offset();
                    List<Type> types = p.parseTypeList();
                    if (types.size() == 1 && types.get(0) instanceof FunctionType ft) {
                        assign(s, at, ft, a.subList(0, 3), a.get(3));
                        return;
                    }
                    if (types.size() != 2) throw p.errorAt(at, "expected functional type or list of two types");
                    s.setTypes(a.get(0), List.of(types.get(0)));
                    for (int i = 1; i < 4; i++) s.setTypes(a.get(i), List.of(types.get(1)));
                }
            }),
            Map.entry("TupleOpType", new Directive() {
                public void print(PrintScope s, List<Elem> a) {
                    s.printer().printType(one(s.types(a.get(1))));
                }

                public void parse(ParseScope s, List<Elem> a) {
                    s.markTypeStart();
                    int at = s.parser().offset();
                    Type t = s.parser().parseType();
                    if (!(t instanceof TupleType tt)) throw s.parser().errorAt(at, "expected tuple type");
                    s.setTypes(a.get(0), tt.types());
                    s.setTypes(a.get(1), List.of(t));
                }
            }),
            Map.entry("PairwiseOpType", new Directive() {
                public void print(PrintScope s, List<Elem> a) {
                    s.printer().printTypes(s.types(a.get(0)));
                }

                public void parse(ParseScope s, List<Elem> a) {
                    s.markTypeStart();
                    int at = s.parser().offset();
                    List<Type> types;
                    try {
                        types = s.parser().parseTypeList();
                    } catch (RuntimeException e) {
                        throw s.parser().withFollowUp(e, at, "expected type list", true);
                    }
                    s.setTypes(a.get(0), types);
                    s.setTypes(a.get(1), types);
                }
            }),
            Map.entry("VariadicOperandWithAttribute", new Directive() {
                public void print(PrintScope s, List<Elem> a) {
                    s.printer().printOperands(s.values(a.get(0)));
                    s.printer().append(",");
                }

                public void parse(ParseScope s, List<Elem> a) {
                    List<OperandRef> refs = new ArrayList<>();
                    while (s.parser().atOperand()) {
                        refs.add(s.parser().parseOperand());
                        s.parser().expect(",");
                    }
                    s.setRefs(a.get(0), refs);
                }
            }),
            Map.entry("SliceRanges", new Directive() {
                public void print(PrintScope s, List<Elem> a) {
                    long[] start = longs(s.attr(a.get(0)));
                    long[] limit = longs(s.attr(a.get(1)));
                    long[] strides = longs(s.attr(a.get(2)));
                    StringBuilder sb = new StringBuilder("[");
                    if (start.length != limit.length || start.length != strides.length) {
                        sb.append("start_indices: ").append(joined(start)).append(", limit_indices: ")
                                .append(joined(limit)).append(", strides: ").append(joined(strides));
                    } else {
                        for (int i = 0; i < start.length; i++) {
                            if (i > 0) sb.append(", ");
                            sb.append(start[i]).append(':').append(limit[i]);
                            if (strides[i] != 1) sb.append(':').append(strides[i]);
                        }
                    }
                    s.printer().append(sb.append(']').toString());
                }

                public void parse(ParseScope s, List<Elem> a) {
                    AsmParserContext p = s.parser();
                    p.expect("[");
                    List<Long> start = new ArrayList<>();
                    List<Long> limit = new ArrayList<>();
                    List<Long> stride = new ArrayList<>();
                    if (!p.consumeIf("]")) {
                        do {
                            start.add(p.parseInteger());
                            p.expect(":");
                            limit.add(p.parseInteger());
                            stride.add(p.consumeIf(":") ? p.parseInteger() : 1L);
                        } while (p.consumeIf(","));
                        p.expect("]");
                    }
                    s.setAttr(a.get(0), array(start));
                    s.setAttr(a.get(1), array(limit));
                    s.setAttr(a.get(2), array(stride));
                }
            }),
            Map.entry("ExponentMantissa", new Directive() {
                public void print(PrintScope s, List<Elem> a) {
                    s.printer().append("e" + intValue(s.attr(a.get(0))) + "m" + intValue(s.attr(a.get(1))));
                }

                public void parse(ParseScope s, List<Elem> a) {
                    AsmParserContext p = s.parser();
                    int at = p.offset();
                    String w = p.parseKeyword("expected valid keyword");
                    // e#m#: 'e', digits, 'm', digits
                    int m = w.indexOf('m');
                    if (!w.startsWith("e") || m < 2 || m == w.length() - 1 || !digits(w, 1, m)
                            || !digits(w, m + 1, w.length())) {
                        throw p.errorAt(at, "expected exponent mantissa in format e#m#, saw " + w);
                    }
                    s.setAttr(a.get(0), IntegerAttr.of(IntegerType.I32, int32(p, at, w.substring(1, m), "exponent")));
                    s.setAttr(a.get(1), IntegerAttr.of(IntegerType.I32,
                            int32(p, at, w.substring(m + 1), "mantissa")));
                }
            }),
            Map.entry("CustomCallTarget", new Directive() {
                public void print(PrintScope s, List<Elem> a) {
                    Attribute t = s.attr(a.get(0));
                    s.printer().printSymbolName(t instanceof StringAttr str ? str.value() : "");
                }

                public void parse(ParseScope s, List<Elem> a) {
                    s.setAttr(a.get(0), StringAttr.of(s.parser().parseSymbolName()));
                }
            }),
            Map.entry("ConvolutionDimensions", new Directive() {
                public void print(PrintScope s, List<Elem> a) {
                    String body = bodyText(s.attr(a.get(0)));
                    s.printer().append(body.startsWith("conv<") ? body.substring(5, body.length() - 1) : body);
                }

                public void parse(ParseScope s, List<Elem> a) {
                    AsmParserContext p = s.parser();
                    int start = p.offset();
                    for (int i = 0; i < 3; i++) {
                        if (i == 1) p.expectKeyword("x");
                        if (i == 2) p.expect("->");
                        p.expect("[");
                        while (!p.consumeIf("]")) {
                            if (p.offset() >= p.text().length()) throw p.error("expected ']'");
                            if (!p.consumeIf(",") && p.peekKeyword() == null) p.parseInteger();
                            else if (p.peekKeyword() != null) p.parseKeyword("expected dimension");
                        }
                    }
                    String text = p.text().substring(start, p.previousEnd());
                    try {
                        s.setAttr(a.get(0), ConvDimensionNumbersAttr.parseBody("conv<" + text + ">"));
                    } catch (RuntimeException e) {
                        throw p.errorAt(start, reason(e));
                    }
                }
            }),
            Map.entry("WindowAttributes", new Window()),
            Map.entry("DotDimensionNumbers", new Directive() {
                public void print(PrintScope s, List<Elem> a) {
                    Attribute attr = StablehloAsm.parseAttribute(s.attr(a.get(0)));
                    if (!(attr instanceof DotDimensionNumbersAttr d)) {
                        s.printer().printAttribute(attr);
                        return;
                    }
                    s.printer().append(AsmPrinter.printBody(sink -> PrettyDirectives.printDotDimensionNumbers(sink, d)));
                }

                /** Reads the tokens up to the second list after {@code contracting_dims}, then the shared parser. */
                public void parse(ParseScope s, List<Elem> a) {
                    AsmParserContext p = s.parser();
                    int start = p.offset();
                    boolean contracting = false;
                    int lists = 0;
                    while (!contracting || lists < 2) {
                        if (p.consumeIf("]")) {
                            if (contracting) lists++;
                        } else if (p.peekKeyword() != null) {
                            contracting |= p.parseKeyword("expected keyword").equals("contracting_dims");
                        } else if (!p.consumeIf("[") && !p.consumeIf("=") && !p.consumeIf(",")) {
                            p.parseInteger();
                        }
                    }
                    String text = p.text().substring(start, p.previousEnd());
                    try {
                        s.setAttr(a.get(0), StablehloAsm.parseText(text, PrettyDirectives::parseDotDimensionNumbers));
                    } catch (DialectBodyException e) {
                        throw p.errorAt(start + e.offset(), e.reason());
                    }
                }
            }),
            Map.entry("PrecisionConfig", new Precision(false)),
            Map.entry("PrecisionConfigAndAlgorithm", new Precision(true)));

    // ============================================================================================ helpers

    private static Type one(List<Type> types) {
        return types.isEmpty() ? null : types.get(0);
    }

    /** The shaped type with the complex element type replaced by its real part. */
    static Type realType(Type t) {
        if (t instanceof RankedTensorType r && r.elementType() instanceof ComplexType c) {
            return new RankedTensorType(r.shape(), c.elementType(), r.encoding());
        }
        if (t instanceof UnrankedTensorType u && u.elementType() instanceof ComplexType c) {
            return new UnrankedTensorType(c.elementType());
        }
        return t;
    }

    /** Assigns a parsed function type to operand variables and the single result variable. */
    static void assign(ParseScope s, int at, FunctionType ft, List<Elem> operands, Elem result) {
        AsmParserContext p = s.parser();
        if (ft.inputs().size() != operands.size()) {
            throw p.errorAt(at, operands.size() + " operands present, but expected " + ft.inputs().size());
        }
        for (int i = 0; i < operands.size(); i++) s.setTypes(operands.get(i), List.of(ft.inputs().get(i)));
        if (ft.results().size() != 1) throw p.errorAt(at, "expected single output");
        s.setTypes(result, List.of(ft.results().get(0)));
    }

    static long[] longs(Attribute a) {
        if (!(a instanceof DenseArrayAttr d)) return new long[0];
        long[] out = new long[d.size()];
        for (int i = 0; i < out.length; i++) out[i] = d.getLong(i);
        return out;
    }

    private static String joined(long[] v) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < v.length; i++) sb.append(i > 0 ? ", " : "").append(v[i]);
        return sb.toString();
    }

    static DenseArrayAttr array(List<Long> values) {
        return DenseArrayAttr.ofLongs(values.stream().mapToLong(Long::longValue).toArray());
    }

    private static String reason(RuntimeException e) {
        return e instanceof DialectBodyException b ? b.reason() : e.getMessage();
    }

    /** Whether {@code s[from, to)} is all ASCII digits. */
    private static boolean digits(String s, int from, int to) {
        for (int i = from; i < to; i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
        return true;
    }

    /** A non-negative decimal that must fit in a signed 32-bit integer. */
    private static long int32(AsmParserContext p, int at, String digits, String what) {
        if (digits.length() > 10 || Long.parseLong(digits) > Integer.MAX_VALUE) {
            throw p.errorAt(at, "unable to parse " + what + " '" + digits + "'");
        }
        return Long.parseLong(digits);
    }

    private static String intValue(Attribute a) {
        return a instanceof IntegerAttr i ? i.value().toString() : String.valueOf(a);
    }

    static String bodyText(Attribute a) {
        Attribute s = StablehloAsm.parseAttribute(a);
        if (!(s instanceof StablehloAttribute sa)) return String.valueOf(a);
        return AsmPrinter.printBody(sa::printBody);
    }

    /** {@code [1, 2]} */
    static List<Long> dims(AsmParserContext p) {
        long[] v = longs(AttrValues.parseDenseArray(p, false));
        List<Long> out = new ArrayList<>(v.length);
        for (long x : v) out.add(x);
        return out;
    }

    /** SameOperandsAndResultType and its variadic form (the operand types come from one variadic group). */
    private record SameType(boolean variadic) implements Directive {
        public void print(PrintScope s, List<Elem> a) {
            List<Type> operands = new ArrayList<>();
            for (Elem e : a.subList(variadic ? 1 : 0, a.size() - 1)) operands.addAll(s.types(e));
            Type result = one(s.types(a.get(a.size() - 1)));
            boolean same = true;
            for (Type t : operands) same &= t.equals(result);
            if (same) s.printer().printType(result);
            else s.printer().printFunctionalType(s.op());
        }

        public void parse(ParseScope s, List<Elem> a) {
            AsmParserContext p = s.parser();
            s.markTypeStart();
            int at = p.offset();
            Type t = p.parseType();
            Elem result = a.get(a.size() - 1);
            if (variadic) {
                int n = s.refs(a.get(0)).size();
                Elem types = a.get(1);
                if (t instanceof FunctionType ft) {
                    if (ft.inputs().size() != n) {
                        throw p.errorAt(at, n + " operands present, but expected " + ft.inputs().size());
                    }
                    if (ft.results().size() != 1) throw p.errorAt(at, "expected single output");
                    s.setTypes(types, ft.inputs());
                    s.setTypes(result, List.of(ft.results().get(0)));
                } else {
                    s.setTypes(types, Collections.nCopies(n, t));
                    s.setTypes(result, List.of(t));
                }
                return;
            }
            List<Elem> operands = a.subList(0, a.size() - 1);
            if (t instanceof FunctionType ft) {
                assign(s, at, ft, operands, result);
                return;
            }
            for (Elem e : operands) s.setTypes(e, List.of(t));
            s.setTypes(result, List.of(t));
        }
    }

    /** {@code stride = [..], pad = [[..], ..], lhs_dilate = [..], rhs_dilate = [..], reverse = [..]} */
    private static final class Window implements Directive {
        private static final String[] NAMES = {"stride", "pad", "lhs_dilate", "rhs_dilate", "reverse"};

        public void print(PrintScope s, List<Elem> a) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < NAMES.length; i++) {
                Attribute v = s.attr(a.get(i));
                if (v == null) continue;
                if (sb.length() > 0) sb.append(", ");
                sb.append(NAMES[i]).append(" = [");
                if (i == 1) {
                    long[] pads = padValues(v);
                    for (int j = 0; j + 1 < pads.length; j += 2) {
                        if (j > 0) sb.append(", ");
                        sb.append('[').append(pads[j]).append(", ").append(pads[j + 1]).append(']');
                    }
                } else if (i == 4) {
                    long[] r = longs(v);
                    for (int j = 0; j < r.length; j++) sb.append(j > 0 ? ", " : "").append(r[j] != 0);
                } else {
                    sb.append(joined(longs(v)));
                }
                sb.append(']');
            }
            s.printer().append(sb.toString());
        }

        public void parse(ParseScope s, List<Elem> a) {
            AsmParserContext p = s.parser();
            List<String> allowed = new ArrayList<>(List.of(NAMES));
            while (p.peekKeyword() != null) {
                int at = p.offset();
                String name = p.parseKeyword("expected window attribute");
                int idx = List.of(NAMES).indexOf(name);
                if (!allowed.remove(name)) throw p.errorAt(at, "Unexpected keyword " + name);
                p.expect("=");
                if (idx == 1) {
                    s.setAttr(a.get(1), parsePadding(p));
                } else if (idx == 4) {
                    long[] flags = integers(p);
                    byte[] data = new byte[flags.length];
                    for (int i = 0; i < flags.length; i++) data[i] = (byte) (flags[i] != 0 ? 1 : 0);
                    s.setAttr(a.get(4), new DenseArrayAttr(IntegerType.I1, data, flags.length));
                } else {
                    s.setAttr(a.get(idx), DenseArrayAttr.ofLongs(integers(p)));
                }
                if (!p.consumeIf(",")) break;
            }
        }

        private static Attribute parsePadding(AsmParserContext p) {
            p.expect("[");
            List<Long> values = new ArrayList<>();
            if (!p.consumeIf("]")) {
                do {
                    long[] pair = integers(p);
                    if (pair.length != 2) {
                        throw p.error("Expected array with 2 elements, got " + pair.length + " elements instead");
                    }
                    values.add(pair[0]);
                    values.add(pair[1]);
                } while (p.consumeIf(","));
                p.expect("]");
            }
            int n = values.size() / 2;
            byte[] data = new byte[values.size() * 8];
            for (int i = 0; i < values.size(); i++) {
                long v = values.get(i);
                for (int b = 0; b < 8; b++) data[i * 8 + b] = (byte) (v >>> (8 * b));
            }
            return new DenseElementsAttr(new RankedTensorType(new long[] {n, 2}, IntegerType.I64), data, 0,
                    data.length, false);
        }

        /**
         * {@code [1, 2]}: each element an integer as MLIR's parseInteger reads one ({@code true}/{@code false}
         * count as 1/0), so a bad one reports "expected integer value" alone.
         */
        private static long[] integers(AsmParserContext p) {
            p.expect("[");
            List<Long> values = new ArrayList<>();
            if (!p.consumeIf("]")) {
                do {
                    if (p.consumeKeyword("true")) values.add(1L);
                    else if (p.consumeKeyword("false")) values.add(0L);
                    else values.add(p.parseInteger());
                } while (p.consumeIf(","));
                p.expect("]");
            }
            return values.stream().mapToLong(Long::longValue).toArray();
        }

        private static long[] padValues(Attribute a) {
            if (!(a instanceof DenseElementsAttr d) || !(d.type() instanceof RankedTensorType t)) return new long[0];
            long count = t.numElements();
            if (count < 0 || count > Integer.MAX_VALUE / 8) return new long[0];
            long[] out = new long[(int) count];
            byte[] raw = d.rawBytes();
            for (int i = 0; i < out.length; i++) {
                int base = d.isSplat() ? 0 : i * 8;
                long v = 0;
                for (int b = 0; b < 8 && base + b < raw.length; b++) v |= (raw[base + b] & 0xFFL) << (8 * b);
                out[i] = v;
            }
            return out;
        }
    }

    /** {@code , precision = [DEFAULT, HIGH]} and optionally {@code , algorithm = dot_algorithm<...>}. */
    private record Precision(boolean withAlgorithm) implements Directive {
        private static final String PRECISION_FAILURE = "failed to parse StableHLO_PrecisionAttr parameter 'value' "
                + "which is to be a `::mlir::stablehlo::Precision`";

        public void print(PrintScope s, List<Elem> a) {
            AsmPrinterContext p = s.printer();
            if (s.attr(a.get(0)) instanceof ArrayAttr arr) {
                StringBuilder sb = new StringBuilder(", precision = [");
                for (int i = 0; i < arr.elements().size(); i++) {
                    EnumAttr e = StablehloFormatExtension.asEnum(arr.elements().get(i));
                    sb.append(i > 0 ? ", " : "").append(e == null ? "?" : e.caseName());
                }
                p.append(sb.append(']').toString());
            }
            if (withAlgorithm && s.attr(a.get(1)) != null) {
                String body = bodyText(s.attr(a.get(1)));
                p.append(", algorithm = ").append(body.substring(Math.max(0, body.indexOf('<'))));
            }
        }

        public void parse(ParseScope s, List<Elem> a) {
            AsmParserContext p = s.parser();
            if (!p.consumeIf(",")) return;
            if (withAlgorithm && p.consumeKeyword("algorithm")) {
                parseAlgorithm(s, a.get(1));
                return;
            }
            p.expectKeyword("precision");
            p.expect("=");
            p.expect("[");
            List<Attribute> values = new ArrayList<>();
            if (!p.consumeIf("]")) {
                do {
                    int at = p.offset();
                    String w;
                    try {
                        w = p.parseKeyword("expected valid keyword");
                    } catch (RuntimeException e) {
                        throw p.withFollowUp(e, at, PRECISION_FAILURE, true);
                    }
                    int i = StablehloEnum.PRECISION.indexOf(w);
                    if (i < 0) {
                        throw p.withFollowUp(p.errorAt(at, "expected ::mlir::stablehlo::Precision to be one of: "
                                + String.join(", ", StablehloEnum.PRECISION.cases())), at, PRECISION_FAILURE, true);
                    }
                    values.add(new EnumAttr(StablehloEnum.PRECISION, i));
                } while (p.consumeIf(","));
                p.expect("]");
            }
            s.setAttr(a.get(0), new ArrayAttr(values));
            if (withAlgorithm && p.consumeIf(",")) {
                p.expectKeyword("algorithm");
                parseAlgorithm(s, a.get(1));
            }
        }

        private static void parseAlgorithm(ParseScope s, Elem target) {
            AsmParserContext p = s.parser();
            p.expect("=");
            int start = p.offset();
            p.expect("<");
            int depth = 1;
            while (depth > 0) {
                if (p.offset() >= p.text().length()) throw p.error("expected '>'");
                if (p.consumeIf("<")) depth++;
                else if (p.consumeIf(">")) depth--;
                else if (p.peekKeyword() != null) p.parseKeyword("");
                else if (p.atType()) p.parseType();
                else if (!p.consumeIf(",") && !p.consumeIf("=")) p.parseInteger();
            }
            String text = p.text().substring(start, p.previousEnd());
            try {
                s.setAttr(target, StablehloAsm.parseAttributeBody("dot_algorithm" + text));
            } catch (RuntimeException e) {
                throw p.errorAt(start, reason(e));
            }
        }
    }
}
