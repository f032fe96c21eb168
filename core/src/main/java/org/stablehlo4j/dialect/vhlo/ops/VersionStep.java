package org.stablehlo4j.dialect.vhlo.ops;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.IntStream;

import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef.Attr;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef.Slot;

/**
 * What converting an op between two adjacent versions ({@code gather_v2 -> gather_v1}) involves, derived from the
 * two table rows the way upstream's VhloToVersionPatterns.td / VhloToVersion.cpp rewrite them. Operands, results
 * and regions correspond by position (dynamic_conv's {@code d_padding} operand became {@code padding}).
 *
 * @param from                  the op version converted from
 * @param to                    the op version converted to
 * @param attributesToAdd       attributes only {@code to} has: set each to its {@link Attr#versionDefault()}
 *                              (computed ones from the op, see {@link AttrDefault.Rule})
 * @param attributesToDrop      attributes only {@code from} has: with a constant version default the conversion
 *                              is only possible while the value equals it; with a computed one it is dropped
 * @param operandsToWrap        operand positions single in {@code from} and variadic in {@code to}
 * @param operandsToUnwrap      operand positions variadic in {@code from} and single in {@code to}: the conversion
 *                              needs exactly one value there
 * @param resultsToWrap         likewise for results
 * @param resultsToUnwrap       likewise for results
 * @param regionsToDrop         variadic region groups only {@code from} has: the conversion needs them empty
 * @param regionsToAdd          variadic region groups only {@code to} has: they start empty
 *
 * <p>Steps are made by {@link #between}, whose lists are unmodifiable.
 */
public record VersionStep(
        VhloOpDef from,
        VhloOpDef to,
        List<Attr> attributesToAdd,
        List<Attr> attributesToDrop,
        List<Integer> operandsToWrap,
        List<Integer> operandsToUnwrap,
        List<Integer> resultsToWrap,
        List<Integer> resultsToUnwrap,
        List<Slot> regionsToDrop,
        List<Slot> regionsToAdd) {

    /** Whether this goes to a newer op version. */
    public boolean isUpgrade() {
        return to.opVersion() > from.opVersion();
    }

    /**
     * The step between two adjacent versions of one op.
     *
     * @throws IllegalArgumentException if they are not adjacent versions of the same op
     */
    public static VersionStep between(VhloOpDef from, VhloOpDef to) {
        if (!from.baseName().equals(to.baseName()) || Math.abs(from.opVersion() - to.opVersion()) != 1) {
            throw new IllegalArgumentException("not adjacent versions of one op: " + from.name() + ", " + to.name());
        }
        VhloOpDef.Signature f = from.signature();
        VhloOpDef.Signature t = to.signature();
        if (f.operands().size() != t.operands().size() || f.results().size() != t.results().size()) {
            throw new IllegalArgumentException("operand/result groups differ in number: " + from.name() + ", "
                    + to.name());
        }
        return new VersionStep(from, to, onlyIn(to.attributes(), from.attributes(), Attr::name),
                onlyIn(from.attributes(), to.attributes(), Attr::name),
                variadicIn(f.operands(), t.operands(), true), variadicIn(f.operands(), t.operands(), false),
                variadicIn(f.results(), t.results(), true), variadicIn(f.results(), t.results(), false),
                extraRegions(from, to), extraRegions(to, from));
    }

    /**
     * The positions whose slot becomes variadic from {@code from} to {@code to} (with {@code variadic}), or stops
     * being variadic (without).
     */
    private static List<Integer> variadicIn(List<Slot> from, List<Slot> to, boolean variadic) {
        return IntStream.range(0, from.size())
                .filter(i -> from.get(i).variadic() != variadic && to.get(i).variadic() == variadic)
                .boxed().toList();
    }

    /** Region groups of {@code a} beyond those of {@code b}; only variadic ones can appear or vanish. */
    private static List<Slot> extraRegions(VhloOpDef a, VhloOpDef b) {
        List<Slot> extra = onlyIn(a.signature().regions(), b.signature().regions(), Slot::name);
        for (Slot s : extra) {
            if (!s.variadic()) {
                throw new IllegalArgumentException("region " + s.name() + " of " + a.name() + " has no counterpart");
            }
        }
        return extra;
    }

    private static <T> List<T> onlyIn(List<T> a, List<T> b, Function<T, String> name) {
        Set<String> names = new HashSet<>();
        for (T t : b) {
            names.add(name.apply(t));
        }
        return a.stream().filter(t -> !names.contains(name.apply(t))).toList();
    }
}
