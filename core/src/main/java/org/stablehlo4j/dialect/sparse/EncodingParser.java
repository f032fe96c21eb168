package org.stablehlo4j.dialect.sparse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.IntegerAttr;

/**
 * Reads the body {@code encoding<{ key = value, ... }>} of a sparse tensor encoding with the file grammar
 * ({@link DialectAsmParser}). Keys are {@code map}, {@code posWidth}, {@code crdWidth}, {@code explicitVal} and
 * {@code implicitVal}. The map has the form
 *
 * <pre>
 *   ('[' symbol, ... ']')? ('{' level-var, ... '}')? '(' dim-spec, ... ')' '->' '(' lvl-spec, ... ')'
 *   dim-spec ::= name ('=' affine-expr-over-levels)? (':' #sparse_tensor&lt;slice(offset, size, stride)&gt;)?
 *   lvl-spec ::= (level-var '=')? affine-expr-over-dims ':' level-type
 *   level-type ::= format ('[' n ',' m ']')? ('(' property, ... ')')?
 * </pre>
 *
 * Variable names are the user's; the attribute keeps positions only. Syntax errors point at the offending
 * token; semantic errors (checked as MLIR's verifier does) point at the start of the body.
 */
final class EncodingParser {
    private static final int MAX_DEPTH = 256;
    /**
     * Limit on binary operators in all expressions of one encoding: expression trees are walked recursively
     * (simplification, equality, printing), so their depth must stay far below what a thread's stack holds.
     */
    private static final int MAX_OPERATORS = 1000;

    private enum VarKind { SYMBOL, DIMENSION, LEVEL }

    private record Var(VarKind kind, int num) {}

    private final DialectAsmParser r;
    private final Map<String, Var> vars = new HashMap<>();
    private final int[] counts = new int[VarKind.values().length];
    private int depth;
    private int operators;

    // Collected fields.
    private final List<AffineExpr> dimToLvl = new ArrayList<>();
    private final List<LevelType> lvlTypes = new ArrayList<>();
    private final List<AffineExpr> givenLvlToDim = new ArrayList<>();
    private final List<DimSlice> slices = new ArrayList<>();
    private int dimRank;
    private int symbolRank;
    private int posWidth;
    private int crdWidth;
    private Attribute explicitVal;
    private Attribute implicitVal;

    private EncodingParser(DialectAsmParser r) {
        this.r = r;
    }

    /**
     * Parses {@code body} ({@code encoding<{...}>}); errors are {@link org.stablehlo4j.asm.DialectBodyException}s
     * at offsets into {@code body}. Values are builtin attributes (numbers); other dialects' stay opaque.
     */
    static SparseTensorEncodingAttr parse(String body) {
        return DialectAsmParser.parsePrefix(body, 0, null, p -> new EncodingParser(p).parse()).value();
    }

    private RuntimeException errorAt(int offset, String message) {
        return r.errorAt(offset, message);
    }

    private SparseTensorEncodingAttr parse() {
        r.expectKeyword("encoding");
        r.expect("<");
        r.expect("{");
        String key;
        while ((key = r.parseOptionalKeyword()) != null) {
            r.expect("=");
            switch (key) {
                case "map" -> parseMap();
                case "posWidth" -> posWidth = width("expected an integral position bitwidth");
                case "crdWidth" -> crdWidth = width("expected an integral index bitwidth");
                case "explicitVal" -> explicitVal = numericValue("explicitVal");
                case "implicitVal" -> implicitVal = numericValue("implicitVal");
                default -> throw errorAt(0, "unexpected key: " + key);
            }
            if (!r.consumeIf(",")) break;
        }
        r.expect("}");
        r.expect(">");
        r.expectEnd();
        return verify();
    }

    // ------------------------------------------------------------------ map

    private void parseMap() {
        if (r.consumeIf("[")) bindList("]", VarKind.SYMBOL, " in symbol binding list");
        symbolRank = counts[VarKind.SYMBOL.ordinal()];
        if (r.consumeIf("{")) bindList("}", VarKind.LEVEL, " in level declaration list");
        int declaredLevels = counts[VarKind.LEVEL.ordinal()];
        r.expect("(");
        if (!r.consumeIf(")")) {
            do {
                parseDimSpec();
            } while (r.consumeIf(","));
            closeList(")", " in dimension-specifier list");
        }
        dimRank = counts[VarKind.DIMENSION.ordinal()];
        r.expect("->");
        int listAt = r.offset();
        r.expect("(");
        if (!r.consumeIf(")")) {
            do {
                parseLvlSpec(declaredLevels);
            } while (r.consumeIf(","));
            closeList(")", " in level-specifier list");
        }
        if (declaredLevels != 0 && lvlTypes.size() != declaredLevels) {
            throw errorAt(listAt, "Level-rank mismatch between forward-declarations and specifiers. Declared "
                    + declaredLevels + " level-variables; but got " + lvlTypes.size() + " level-specifiers.");
        }
    }

    private void closeList(String close, String context) {
        if (!r.consumeIf(close)) throw r.error("expected ',' or '" + close + "'" + context);
    }

    private void bindList(String close, VarKind kind, String context) {
        if (r.consumeIf(close)) return;
        do {
            bind(kind);
        } while (r.consumeIf(","));
        closeList(close, context);
    }

    private Var bind(VarKind kind) {
        int at = r.offset();
        String name = r.parseOptionalKeyword();
        if (name == null) throw errorAt(at, "expected bare identifier");
        if (vars.containsKey(name)) throw errorAt(at, "redefinition of identifier '" + name + "'");
        Var v = new Var(kind, counts[kind.ordinal()]++);
        vars.put(name, v);
        return v;
    }

    private void parseDimSpec() {
        bind(VarKind.DIMENSION);
        if (r.consumeIf("=")) givenLvlToDim.add(affine(VarKind.LEVEL));
        if (r.consumeIf(":")) {
            slices.add(parseSlice());
        } else {
            slices.add(null);
        }
    }

    private void parseLvlSpec(int declaredLevels) {
        if (declaredLevels != 0) {
            int at = r.offset();
            String name = r.parseOptionalKeyword();
            if (name == null) throw errorAt(at, "expected bare identifier");
            Var v = vars.get(name);
            if (v == null || v.kind() != VarKind.LEVEL) throw errorAt(at, "use of undeclared identifier '" + name + "'");
            if (v.num() != lvlTypes.size()) {
                throw errorAt(at, "Level-variable ordering mismatch. The variable '" + name
                        + "' was forward-declared as the " + nth(v.num()) + " level; but is bound by the "
                        + nth(lvlTypes.size()) + " specification.");
            }
            r.expect("=");
        }
        dimToLvl.add(affine(VarKind.DIMENSION));
        r.expect(":");
        lvlTypes.add(parseLevelType());
    }

    private static String nth(int n) {
        return switch (n) {
            case 1 -> "1st";
            case 2 -> "2nd";
            default -> n + "th";
        };
    }

    // ------------------------------------------------------------------ level types

    private LevelType parseLevelType() {
        int at = r.offset();
        String base = r.parseOptionalKeyword();
        if (base == null) throw errorAt(at, "expected valid level format (e.g. dense, compressed or singleton)");
        int n = 0;
        int m = 0;
        if (base.equals("structured")) {
            List<Long> sizes = new ArrayList<>();
            if (r.consumeIf("[")) {
                if (!r.consumeIf("]")) {
                    do {
                        sizes.add(structuredSize());
                    } while (r.consumeIf(","));
                    r.expect("]");
                }
            }
            if (sizes.size() != 2) throw errorAt(at, "expected exactly 2 structured sizes");
            if (sizes.get(0) > sizes.get(1)) throw errorAt(at, "expected n <= m in n_out_of_m");
            if (sizes.get(1) > 255) throw errorAt(at, "structured sizes must be at most 255");
            n = sizes.get(0).intValue();
            m = sizes.get(1).intValue();
        }
        boolean nonunique = false;
        boolean nonordered = false;
        boolean soa = false;
        if (r.consumeIf("(")) {
            do {
                int pat = r.offset();
                String p = r.parseOptionalKeyword();
                if (p == null) {
                    throw errorAt(pat, "expected valid level property (e.g. nonordered, nonunique or high)");
                }
                switch (p) {
                    case "nonunique" -> nonunique = true;
                    case "nonordered" -> nonordered = true;
                    case "soa" -> soa = true;
                    default -> throw errorAt(pat, "unknown level property: " + p);
                }
            } while (r.consumeIf(","));
            closeList(")", " in level property list");
        }
        LevelType.Format format = LevelType.Format.of(base);
        if (format == null) throw errorAt(at, "unknown level format: " + base);
        LevelType lt = new LevelType(format, n, m, nonunique, nonordered, soa);
        if (lt.hasProperties() && !format.takesProperties()) {
            throw errorAt(at, "invalid level type: level format doesn't support the properties");
        }
        return lt;
    }

    private long structuredSize() {
        int at = r.offset();
        if (!r.atInteger()) throw errorAt(at, "expected valid integer for structured size");
        long v = r.parseSignedLong();
        if (v < 0) throw errorAt(at, "expected structured size to be >= 0");
        return v;
    }

    // ------------------------------------------------------------------ slices

    private DimSlice parseSlice() {
        int at = r.offset();
        boolean prefix = r.is(Kind.HASH_IDENTIFIER) && r.spelling().equals("#sparse_tensor");
        if (prefix) r.consume();
        if (!prefix || !r.consumeIf("<") || !r.consumeKeyword("slice")) {
            throw errorAt(at, "expected SparseTensorDimSliceAttr");
        }
        r.expect("(");
        long offset = sliceValue();
        r.expect(",");
        long size = sliceValue();
        r.expect(",");
        long stride = sliceValue();
        r.expect(")");
        r.expect(">");
        if (offset != DimSlice.DYNAMIC && offset < 0) throw errorAt(at, "expect non-negative value or ? for slice offset");
        if (size != DimSlice.DYNAMIC && size <= 0) throw errorAt(at, "expect positive value or ? for slice size");
        if (stride != DimSlice.DYNAMIC && stride <= 0) throw errorAt(at, "expect positive value or ? for slice stride");
        return new DimSlice(offset, size, stride);
    }

    private long sliceValue() {
        if (r.consumeIf("?")) return DimSlice.DYNAMIC;
        if (!r.atInteger()) throw r.error("expected '?'");
        int at = r.offset();
        long v = r.parseSignedLong();
        if (v < 0) throw errorAt(at, "expect positive value or ? for slice offset/size/stride");
        return v;
    }

    // ------------------------------------------------------------------ affine expressions

    /** An affine expression whose identifiers are symbols or variables of {@code kind}. */
    private AffineExpr affine(VarKind kind) {
        AffineExpr e = term(kind);
        while (true) {
            if (r.consumeIf("+")) e = AffineExpr.add(e, countOperator(term(kind)));
            else if (r.consumeIf("-")) e = AffineExpr.sub(e, countOperator(term(kind)));
            else return e;
        }
    }

    /** Counts one more binary operator against {@link #MAX_OPERATORS}; returns {@code rhs}. */
    private AffineExpr countOperator(AffineExpr rhs) {
        if (++operators > MAX_OPERATORS) throw r.error("affine expressions with more than " + MAX_OPERATORS + " operators");
        return rhs;
    }

    private AffineExpr term(VarKind kind) {
        AffineExpr e = unary(kind);
        while (true) {
            int at = r.offset();
            AffineExpr.Op op;
            if (r.consumeIf("*")) op = AffineExpr.Op.MUL;
            else if (r.consumeKeyword("floordiv")) op = AffineExpr.Op.FLOOR_DIV;
            else if (r.consumeKeyword("ceildiv")) op = AffineExpr.Op.CEIL_DIV;
            else if (r.consumeKeyword("mod")) op = AffineExpr.Op.MOD;
            else return e;
            AffineExpr rhs = countOperator(unary(kind));
            e = binary(op, e, rhs, at);
        }
    }

    private AffineExpr binary(AffineExpr.Op op, AffineExpr lhs, AffineExpr rhs, int at) {
        switch (op) {
            case MUL:
                if (!lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant()) {
                    throw errorAt(at, "non-affine expression: at least one of the multiply operands has to be "
                            + "either a constant or symbolic");
                }
                return AffineExpr.mul(lhs, rhs);
            default:
                if (!rhs.isSymbolicOrConstant()) {
                    throw errorAt(at, "non-affine expression: right operand of " + op.spelling.trim()
                            + " has to be either a constant or symbolic");
                }
                return op == AffineExpr.Op.FLOOR_DIV ? AffineExpr.floorDiv(lhs, rhs)
                        : op == AffineExpr.Op.CEIL_DIV ? AffineExpr.ceilDiv(lhs, rhs) : AffineExpr.mod(lhs, rhs);
        }
    }

    private AffineExpr unary(VarKind kind) {
        if (++depth > MAX_DEPTH) throw r.error("affine expression nested deeper than " + MAX_DEPTH + " levels");
        try {
            int at = r.offset();
            if (r.consumeIf("(")) {
                AffineExpr e = affine(kind);
                r.expect(")");
                return e;
            }
            if (r.consumeIf("-")) return AffineExpr.neg(unary(kind));
            if (r.is(Kind.INTEGER)) {
                String digits = r.spelling();
                long v;
                try {
                    v = digits.startsWith("0x") ? Long.parseLong(digits.substring(2), 16) : Long.parseLong(digits);
                } catch (NumberFormatException e) {
                    throw errorAt(at, "constant too large for index");
                }
                r.consume();
                return AffineExpr.constant(v);
            }
            String name = r.parseOptionalKeyword();
            if (name == null) throw errorAt(at, "expected affine expression");
            Var v = vars.get(name);
            if (v == null || (v.kind() != VarKind.SYMBOL && v.kind() != kind)) {
                throw errorAt(at, "use of undeclared identifier");
            }
            return v.kind() == VarKind.SYMBOL ? new AffineExpr.Sym(v.num()) : new AffineExpr.Dim(v.num());
        } finally {
            depth--;
        }
    }

    // ------------------------------------------------------------------ scalar values

    private int width(String notInteger) {
        Attribute a = value(notInteger);
        // Like upstream, a value of the wrong kind is reported at the attribute's name.
        if (!(a instanceof IntegerAttr i)) throw errorAt(0, notInteger);
        if (i.value().bitLength() > 31) throw errorAt(0, "unexpected bitwidth: " + i.value());
        return i.value().intValue();
    }

    private Attribute numericValue(String key) {
        String notNumeric = "expected a numeric value for " + key;
        Attribute a = value(notNumeric);
        boolean complex = a instanceof DialectAttr d && d.dialect().equals("complex");
        if (!(a instanceof IntegerAttr || a instanceof FloatAttr || complex)) {
            throw errorAt(0, notNumeric);
        }
        return a;
    }

    /**
     * A scalar attribute: a number with an optional {@code : type}, or a dialect attribute such as
     * {@code #complex.number<...>} (kept opaque); strings and keywords are reported as {@code unexpected} at the
     * attribute's name.
     */
    private Attribute value(String unexpected) {
        if (r.is(Kind.STRING) || r.is(Kind.BARE_IDENTIFIER)) {
            // A string or keyword attribute: well-formed, but not a number.
            throw errorAt(0, unexpected);
        }
        if (!r.is(Kind.HASH_IDENTIFIER) && !r.is(Kind.FLOAT) && !r.atInteger()) {
            throw r.error("expected attribute value");
        }
        return r.parseAttribute();
    }

    // ------------------------------------------------------------------ verification

    private SparseTensorEncodingAttr verify() {
        if (!acceptBitWidth(posWidth)) throw errorAt(0, "unexpected position bitwidth: " + posWidth);
        if (!acceptBitWidth(crdWidth)) throw errorAt(0, "unexpected coordinate bitwidth: " + crdWidth);
        verifyLevels();
        int lvlRank = lvlTypes.size();
        if (lvlRank == 0) throw errorAt(0, "expected a non-empty array for lvlTypes");
        List<AffineExpr> inferred = LevelMaps.inferLvlToDim(dimRank, symbolRank, dimToLvl);
        if (inferred == null && symbolRank == 0) throw errorAt(0, "failed to infer lvlToDim from dimToLvl");
        List<AffineExpr> lvlToDim = givenLvlToDim.isEmpty() ? inferred : givenLvlToDim;
        if (!givenLvlToDim.isEmpty() && !givenLvlToDim.equals(inferred)) {
            throw errorAt(0, "expected lvlToDim to be an inverse of dimToLvl");
        }
        if (dimRank > lvlRank) throw errorAt(0, "unexpected dimToLvl mapping from " + dimRank + " to " + lvlRank);
        List<DimSlice> dimSlices = new ArrayList<>();
        if (slices.stream().anyMatch(s -> s != null)) {
            for (DimSlice s : slices) dimSlices.add(s == null ? DimSlice.ALL : s);
            if (dimRank != lvlRank) {
                throw errorAt(0, "dimSlices expected dimension-rank to match level-rank: " + dimRank + " != " + lvlRank);
            }
        }
        return new SparseTensorEncodingAttr(dimRank, symbolRank, dimToLvl, lvlTypes, lvlToDim, posWidth, crdWidth,
                explicitVal, implicitVal, dimSlices);
    }

    private static boolean acceptBitWidth(int w) {
        return w == 0 || w == 8 || w == 16 || w == 32 || w == 64;
    }

    private void verifyLevels() {
        LevelType.Format sing = LevelType.Format.SINGLETON;
        int first = -1;
        for (int i = 0; i < lvlTypes.size() && first < 0; i++) {
            if (lvlTypes.get(i).format() == sing) first = i;
        }
        if (first >= 0) {
            LevelType.Format before = first == 0 ? null : lvlTypes.get(first - 1).format();
            if (before != LevelType.Format.COMPRESSED && before != LevelType.Format.LOOSE_COMPRESSED) {
                throw errorAt(0, "expected compressed or loose_compressed level before singleton level");
            }
            int end = first;
            while (end < lvlTypes.size() && lvlTypes.get(end).format() == sing) end++;
            for (int i = first; i < end; i++) {
                if (lvlTypes.get(i).soa() != lvlTypes.get(first).soa()) {
                    throw errorAt(0, "expected all singleton lvlTypes stored in the same memory layout (SoA vs AoS).");
                }
            }
        }
        int lastBatch = -1;
        for (int i = 0; i < lvlTypes.size(); i++) {
            if (lvlTypes.get(i).format() == LevelType.Format.BATCH) lastBatch = i;
        }
        for (int i = 0; i < lastBatch; i++) {
            if (lvlTypes.get(i).format() != LevelType.Format.BATCH) {
                throw errorAt(0, "Batch lvlType can only be leading levels.");
            }
        }
        for (LevelType lt : lvlTypes) {
            if (lt.soa() && lt.format() != sing) throw errorAt(0, "SoA is only applicable to singleton lvlTypes.");
        }
        verifyStructured();
    }

    private void verifyStructured() {
        int at = -1;
        for (int i = 0; i < lvlTypes.size() && at < 0; i++) {
            if (lvlTypes.get(i).format() == LevelType.Format.STRUCTURED) at = i;
        }
        if (at < 0) return;
        if (at != lvlTypes.size() - 1) throw errorAt(0, "expected n_out_of_m to be the last level type");
        for (int i = 0; i < at; i++) {
            if (lvlTypes.get(i).format() != LevelType.Format.DENSE) {
                throw errorAt(0, "expected all dense lvlTypes before a n_out_of_m level");
            }
        }
        if (dimRank == dimToLvl.size()) return;
        if (!LevelMaps.isBlockSparsity(dimToLvl)) {
            throw errorAt(0, "expected 1xm block structure for n_out_of_m level");
        }
        long coefficient = 0;
        for (long size : LevelMaps.blockSizes(dimToLvl)) {
            if (size == 0) continue;
            if (coefficient != 0 && size != coefficient) {
                throw errorAt(0, "expected only one blocked level with the same coefficients");
            }
            coefficient = size;
        }
        if (coefficient != lvlTypes.get(at).m()) {
            throw errorAt(0, "expected coeffiencts of Affine expressions to be equal to m of n_out_of_m level");
        }
    }
}
