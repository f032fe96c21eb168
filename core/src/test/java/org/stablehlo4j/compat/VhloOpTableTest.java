package org.stablehlo4j.compat;

import org.stablehlo4j.dialect.vhlo.version.Version;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.dialect.vhlo.ops.AttrDefault;
import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind;
import org.stablehlo4j.dialect.vhlo.ops.VersionStep;

class VhloOpTableTest {
    private static final Pattern OP_NAME = Pattern.compile("(?<![!#.\\w])vhlo\\.([\\w\\-]+_v\\d+)");
    private static final Pattern TYPE_NAME = Pattern.compile("!vhlo\\.(\\w+_v\\d+)");
    private static final Pattern ATTR_NAME = Pattern.compile("#vhlo(?:\\.|<)(\\w+_v\\d+)");
    private static final Pattern GENERIC_OP = Pattern.compile("\"vhlo\\.([\\w\\-]+_v\\d+)\"");
    private static final Pattern ATTR_ENTRY = Pattern.compile("(\\w+) = #vhlo(?:\\.|<)(\\w+_v\\d+)");
    private static final Pattern ILLEGAL_OP =
            Pattern.compile("failed to legalize operation '(vhlo\\.[\\w\\-]+_v\\d+)'");

    @Test
    void everyOpFamilyHasContiguousVersionsEndingAtCurrent() {
        List<VhloOpDef> all = VhloOpTable.all();
        assertEquals(145, all.size(), "op versions in upstream VhloOps.td at 1.20.0");
        Set<String> bases = new HashSet<>();
        for (VhloOpDef def : all) {
            bases.add(def.baseName());
        }
        assertEquals(120, bases.size(), "118 StableHLO ops plus func and call");
        for (String base : bases) {
            List<VhloOpDef> family = VhloOpTable.versionsOf(base);
            for (int i = 0; i < family.size(); i++) {
                VhloOpDef def = family.get(i);
                assertEquals(i + 1, def.opVersion(), def.name());
                boolean newest = i == family.size() - 1;
                assertEquals(newest, def.versions().isOpenEnded(), def.name());
                if (!newest) {
                    Version max = def.versions().max();
                    Version nextMin = family.get(i + 1).versions().min();
                    assertEquals(new Version(max.major(), max.minor() + 1, 0), nextMin,
                            def.name() + " must hand over to the next version without gap or overlap");
                    assertEquals(Optional.of(family.get(i + 1)), VhloOpTable.next(def));
                    assertEquals(Optional.of(def), VhloOpTable.previous(family.get(i + 1)));
                }
            }
        }
    }

    @Test
    void everyStablehloOpLegalizesToItsNewestVersion() {
        assertEquals(121, VhloOpTable.stablehloOps().size(), "118 StableHLO ops, func.func, func.call, func.return");
        for (String op : VhloOpTable.stablehloOps()) {
            VhloOpDef def = VhloOpTable.forStablehlo(op).orElseThrow(() -> new AssertionError(op));
            assertTrue(def.versions().isOpenEnded(), op);
            assertTrue(def.stablehloNames().contains(op));
        }
        assertEquals("vhlo.return_v1", VhloOpTable.forStablehlo("func.return").orElseThrow().name());
        assertEquals("stablehlo.return", VhloOpTable.byName("return_v1").orElseThrow().stablehloName());
        assertEquals("func.func", VhloOpTable.byName("vhlo.func_v1").orElseThrow().stablehloName());
    }

    @Test
    void lookupByTargetVersion() {
        assertEquals("vhlo.gather_v1", name(VhloOpTable.forStablehlo("stablehlo.gather", Version.parse("1.0.0"))));
        assertEquals("vhlo.gather_v2", name(VhloOpTable.forStablehlo("stablehlo.gather", Version.parse("1.1.0"))));
        assertEquals("vhlo.exponential_v1",
                name(VhloOpTable.forStablehlo("stablehlo.exponential", Version.parse("1.8.0"))));
        assertEquals("vhlo.exponential_v2",
                name(VhloOpTable.forStablehlo("stablehlo.exponential", Version.parse("1.9.0"))));
        // Patch versions use their X.Y.0 opset (vhlo_to_version_downgrade_patch.mlir).
        assertEquals("vhlo.all_to_all_v1",
                name(VhloOpTable.forStablehlo("stablehlo.all_to_all", Version.parse("1.4.1"))));
        assertEquals(Optional.empty(), VhloOpTable.forStablehlo("stablehlo.tan", Version.parse("1.3.0")));
        assertEquals(Optional.empty(),
                VhloOpTable.forStablehlo("stablehlo.collective_reduce", Version.parse("1.18.0")));
        assertEquals(Optional.empty(), VhloOpTable.forStablehlo("stablehlo.no_such_op", Version.current()));
        VhloOpDef cbrt2 = VhloOpTable.byName("cbrt_v2").orElseThrow();
        assertEquals("vhlo.cbrt_v1", name(VhloOpTable.convertTo(cbrt2, Version.parse("1.9.0"))));
        assertEquals(Optional.empty(), VhloOpTable.byName("constant_v99"));
        assertEquals(Optional.empty(), VhloOpTable.byName(null));
    }

    @Test
    void versionDefaultsDescribeEveryAttributeAddedOrDroppedBetweenVersions() {
        int steps = 0;
        for (VhloOpDef older : VhloOpTable.all()) {
            Optional<VhloOpDef> newer = VhloOpTable.next(older);
            if (newer.isEmpty()) {
                continue;
            }
            steps++;
            for (VersionStep st : List.of(VersionStep.between(older, newer.get()),
                    VersionStep.between(newer.get(), older))) {
                for (VhloOpDef.Attr a : st.attributesToAdd()) {
                    assertNotNull(a.versionDefault(), st.to().name() + " " + a.name());
                }
                for (VhloOpDef.Attr a : st.attributesToDrop()) {
                    assertNotNull(a.versionDefault(), st.from().name() + " " + a.name());
                }
            }
            for (VhloOpDef def : List.of(older, newer.get())) {
                VhloOpDef other = def == older ? newer.get() : older;
                for (VhloOpDef.Attr a : def.attributes()) {
                    assertEquals(other.attribute(a.name()).isEmpty(), a.versionDefault() != null,
                            def.name() + " " + a.name() + ": version default iff the neighbour lacks it");
                }
            }
        }
        assertEquals(25, steps, "op version pairs (145 versions in 120 families)");
    }

    @Test
    void versionStepsBetweenAdjacentVersions() {
        VersionStep down = step("gather_v2", "gather_v1");
        assertFalse(down.isUpgrade());
        assertEquals(List.of("operand_batching_dims", "start_indices_batching_dims"), names(down.attributesToDrop()));
        assertEquals(AttrDefault.EMPTY_I64_TENSOR, down.attributesToDrop().get(0).versionDefault());
        assertEquals(List.of(), down.attributesToAdd());

        VersionStep allGather = step("all_gather_v2", "all_gather_v1");
        assertEquals(List.of(0), allGather.operandsToUnwrap());
        assertEquals(List.of(0), allGather.resultsToUnwrap());
        assertEquals(List.of(0), step("all_gather_v1", "all_gather_v2").operandsToWrap());

        VersionStep broadcast = step("collective_broadcast_v2", "collective_broadcast_v1");
        assertEquals(List.of("has_dynamic_root"), names(broadcast.attributesToDrop()));
        assertEquals(AttrDefault.FALSE, broadcast.attributesToDrop().get(0).versionDefault());

        assertEquals(List.of("composite_regions"),
                step("composite_v2", "composite_v1").regionsToDrop().stream().map(VhloOpDef.Slot::name).toList());
        VersionStep conv = step("dynamic_conv_v2", "dynamic_conv_v1");
        assertEquals(List.of("padding"), names(conv.attributesToAdd()));
        assertEquals(AttrDefault.ZERO_PADDING_FROM_LHS_RANK, conv.attributesToAdd().get(0).versionDefault());
        VersionStep exp = step("exponential_v1", "exponential_v2");
        assertTrue(exp.isUpgrade());
        assertEquals(AttrDefault.DEFAULT_RESULT_ACCURACY, exp.attributesToAdd().get(0).versionDefault());

        assertThrows(IllegalArgumentException.class, () -> step("gather_v2", "scatter_v1"));
        assertThrows(IllegalArgumentException.class, () -> step("gather_v1", "gather_v1"));
    }

    private static VersionStep step(String from, String to) {
        return VersionStep.between(VhloOpTable.byName(from).orElseThrow(), VhloOpTable.byName(to).orElseThrow());
    }

    private static List<String> names(List<VhloOpDef.Attr> attrs) {
        return attrs.stream().map(VhloOpDef.Attr::name).toList();
    }

    @Test
    void stablehloFormsOfAttributes() {
        int unitFlags = 0;
        for (VhloOpDef def : VhloOpTable.all()) {
            for (VhloOpDef.Attr a : def.attributes()) {
                boolean field = a.stablehloSource().contains(".");
                String where = def.name() + " " + a.name();
                assertEquals(field, a.stablehloForm() == VhloOpDef.StablehloForm.STRUCT_FIELD, where);
                assertEquals(field, !a.stablehloSource().equals(a.name()), where);
                if (a.stablehloForm() == VhloOpDef.StablehloForm.UNIT_FLAG) {
                    assertEquals(Set.of(VhloAttrKind.BOOL), a.kinds(), where);
                    assertEquals(AttrDefault.FALSE, a.legalizeDefault(), where);
                    unitFlags++;
                }
            }
        }
        // use_global_device_ids on all_gather/all_reduce v1+v2, reduce_scatter, collective_reduce;
        // has_dynamic_root on collective_broadcast_v2 and collective_reduce.
        assertEquals(8, unitFlags);
        assertEquals("channel_handle.type",
                VhloOpTable.byName("send_v2").orElseThrow().attribute("channel_type").orElseThrow().stablehloSource());
    }

    @Test
    void typeAndAttributeVersionTables() {
        assertEquals(42, VhloTypeKind.values().length, "types in upstream VhloTypes.td");
        assertEquals(25, VhloAttrKind.values().length, "attributes in VhloAttrs.td plus enums in VhloEnums.td");
        assertFalse(VhloOpTable.isTypeValidAt("!vhlo.f8E4M3_v1", Version.parse("1.6.0")));
        assertTrue(VhloOpTable.isTypeValidAt("f8E4M3_v1", Version.parse("1.7.0")));
        assertTrue(VhloOpTable.isTypeValidAt("vhlo.tf31_v1", Version.parse("1.6.0")));
        assertFalse(VhloOpTable.isTypeValidAt("tf32_v1", Version.current()), "upstream spells it tf31_v1");
        assertFalse(VhloOpTable.isAttrValidAt("#vhlo.result_accuracy_v1", Version.parse("1.8.0")));
        assertTrue(VhloOpTable.isAttrValidAt("result_accuracy_mode_v1", Version.parse("1.9.5")));
        assertTrue(VhloAttrKind.byMnemonic("#vhlo.integer_v1").isPresent());
        assertFalse(VhloOpTable.isOpValidAt("vhlo.collective_broadcast_v1", Version.parse("1.20.0")));
        assertTrue(VhloOpTable.isOpValidAt("vhlo.collective_broadcast_v1", Version.parse("1.19.0")));
    }

    @Test
    void registryRowsHaveEveryAttributeInherent() {
        // registerAll() feeds these rows to the global Registry; checked here without mutating it.
        for (VhloOpDef def : VhloOpTable.all()) {
            org.stablehlo4j.ir.OpDefinition reg = def.toOpDefinition();
            assertSame(def, reg.ext(VhloOpDef.class));
            assertEquals(def.name(), reg.name());
            assertEquals("vhlo", reg.dialect());
            assertEquals(def.attributeNames(), reg.inherentAttrs());
            assertEquals(def.name().equals("vhlo.func_v1"), reg.customAssembly(), def.name());
        }
    }

    /**
     * Every VHLO op, type and attribute named in a positive CHECK line of upstream's tests/vhlo/*.mlir is in our
     * tables and legal at the version that file is written for (from its name, else its RUN target, else
     * current); names the tests expect to be rejected as unregistered are not in the table.
     */
    @Test
    void everyNameInTheSuitesCheckLinesIsKnownAndValidAtItsVersion() {
        int ops = 0;
        int types = 0;
        int attrs = 0;
        Set<String> distinct = new HashSet<>();
        for (Path file : VhloSuite.files(".mlir")) {
            Version v = VhloSuite.versionOf(file);
            for (VhloSuite.Check check : VhloSuite.checks(file)) {
                String body = check.body();
                String where = file.getFileName() + " @" + v + ": " + body;
                Matcher m = OP_NAME.matcher(body);
                while (m.find()) {
                    if (body.contains("unregistered operation")) {
                        assertEquals(Optional.empty(), VhloOpTable.byName(m.group(1)), where);
                        continue;
                    }
                    if (ILLEGAL_OP.matcher(body).find()) {
                        continue; // an expected conversion failure, see downgradeFailuresAreExplainedByTheTables
                    }
                    assertTrue(VhloOpTable.isOpValidAt(m.group(1), v), "op " + m.group(1) + " in " + where);
                    distinct.add("op " + m.group(1));
                    ops++;
                }
                m = TYPE_NAME.matcher(body);
                while (m.find()) {
                    assertTrue(VhloOpTable.isTypeValidAt(m.group(1), v), "type " + m.group(1) + " in " + where);
                    distinct.add("type " + m.group(1));
                    types++;
                }
                m = ATTR_NAME.matcher(body);
                while (m.find()) {
                    assertTrue(VhloOpTable.isAttrValidAt(m.group(1), v), "attr " + m.group(1) + " in " + where);
                    distinct.add("attr " + m.group(1));
                    attrs++;
                }
            }
        }
        assertTrue(ops > 3000 && types > 5000 && attrs > 3000, ops + " ops, " + types + " types, " + attrs + " attrs");
        assertTrue(distinct.size() > 180, distinct.size() + " distinct names");
    }

    /**
     * In the generic form of every VHLO op checked by the suite, each top-level property is an attribute of
     * that op version in our table, with one of the attribute kinds we list for it.
     */
    @Test
    void propertiesInTheSuitesCheckLinesMatchTheAttributeSpecs() {
        int checked = 0;
        for (Path file : VhloSuite.files(".mlir")) {
            String op = null;
            StringBuilder text = new StringBuilder();
            for (VhloSuite.Check check : VhloSuite.checks(file)) {
                if (op != null && check.continues()) {
                    text.append(' ').append(check.body());
                    continue;
                }
                checked += checkProperties(file, op, text.toString());
                Matcher m = GENERIC_OP.matcher(check.body());
                op = m.find() ? m.group(1) : null;
                text.setLength(0);
                if (op != null) {
                    text.append(check.body().substring(m.end()));
                }
            }
            checked += checkProperties(file, op, text.toString());
        }
        assertTrue(checked > 2000, checked + " properties checked");
    }

    private static int checkProperties(Path file, String op, String text) {
        if (op == null) {
            return 0;
        }
        int open = text.indexOf("<{");
        if (open < 0 || text.substring(0, open).contains(" : ")) {
            return 0; // no properties before the type signature
        }
        VhloOpDef def = VhloOpTable.byName(op).orElseThrow(() -> new AssertionError(op));
        List<String[]> entries = topLevelEntries(text, open + 2);
        for (String[] e : entries) {
            String where = file.getFileName() + ": " + op + " " + e[0] + " = #vhlo." + e[1];
            VhloOpDef.Attr attr = def.attribute(e[0])
                    .orElseThrow(() -> new AssertionError("unknown property " + where));
            VhloAttrKind kind = VhloAttrKind.byMnemonic(e[1]).orElseThrow(() -> new AssertionError(where));
            assertTrue(attr.kinds().contains(kind), "unexpected kind " + where + ", table has " + attr.kinds());
        }
        return entries.size();
    }

    /** {name, attribute mnemonic} of each entry at nesting depth 0 of a {@code <{...}>} starting at {@code from}. */
    private static List<String[]> topLevelEntries(String text, int from) {
        List<String[]> out = new ArrayList<>();
        int depth = 0;
        boolean expectName = true;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (depth == 0 && expectName && !Character.isWhitespace(c)) {
                Matcher m = ATTR_ENTRY.matcher(text).region(i, text.length());
                if (m.lookingAt()) {
                    out.add(new String[] {m.group(1), m.group(2)});
                }
                expectName = false;
            }
            if (c == '<' || c == '[' || c == '{' || c == '(') {
                depth++;
            } else if ((c == '>' && text.charAt(i - 1) != '-') || c == ']' || c == '}' || c == ')') {
                depth--;
                if (depth < 0) {
                    break;
                }
            } else if (c == ',' && depth == 0) {
                expectName = true;
            }
        }
        return out;
    }

    /**
     * The operand lists of the generic VHLO ops the suite checks fit our operand groups: exactly one value per
     * single group, any number for variadic ones.
     */
    @Test
    void operandListsInTheSuitesCheckLinesFitTheOperandGroups() {
        int checked = 0;
        for (Path file : VhloSuite.files(".mlir")) {
            for (VhloSuite.Check check : VhloSuite.checks(file)) {
                Matcher m = GENERIC_OP.matcher(check.body());
                if (!m.find() || !check.body().startsWith("(", m.end())) {
                    continue;
                }
                int close = check.body().indexOf(')', m.end());
                String list = close < 0 ? "{{" : check.body().substring(m.end() + 1, close).trim();
                if (list.contains("{{")) {
                    continue; // a FileCheck regex may stand for any number of operands
                }
                int count = list.isEmpty() ? 0 : list.split(",").length;
                VhloOpDef def = VhloOpTable.byName(m.group(1)).orElseThrow(() -> new AssertionError(m.group(1)));
                long singles = def.signature().operands().stream().filter(o -> !o.variadic()).count();
                boolean variadic = def.signature().operands().stream().anyMatch(VhloOpDef.Slot::variadic);
                String where = file.getFileName() + ": " + check.body();
                if (variadic) {
                    assertTrue(count >= singles, where);
                } else {
                    assertEquals(singles, count, where);
                }
                checked++;
            }
        }
        assertTrue(checked > 2000, checked + " operand lists checked");
    }

    /** Every constant default we list is exactly what upstream prints for it in the legalization test. */
    @Test
    void constantDefaultsAppearVerbatimInTheLegalizationTest() {
        StringBuilder all = new StringBuilder();
        for (VhloSuite.Check c : VhloSuite.checks(VhloSuite.dir().resolve("stablehlo_legalize_to_vhlo.mlir"))) {
            all.append(' ').append(c.body().trim());
        }
        String text = all.toString();
        Set<String> seen = new HashSet<>();
        for (VhloOpDef def : VhloOpTable.all()) {
            for (VhloOpDef.Attr a : def.attributes()) {
                for (AttrDefault d : new AttrDefault[] {a.legalizeDefault(), a.versionDefault()}) {
                    if (d instanceof AttrDefault.Constant constant) {
                        String entry = a.name() + " = " + constant.vhloText();
                        if (seen.add(entry) && !text.contains(entry)) {
                            fail("default not printed by upstream: " + def.name() + " " + entry);
                        }
                    }
                }
            }
        }
        assertTrue(seen.size() > 30, seen.size() + " distinct constant defaults");
    }

    /**
     * Each op the downgrade tests expect to be "explicitly marked illegal" is explained by our tables: its
     * version range excludes the target, or it has a version constraint, or (func_v1) its chunk uses a type
     * that is not legal at the target yet.
     */
    @Test
    void downgradeFailuresAreExplainedByTheTables() {
        int explained = 0;
        for (Path file : VhloSuite.files(".mlir")) {
            if (!file.getFileName().toString().startsWith("vhlo_to_version_downgrade_invalid.")) {
                continue;
            }
            Version v = VhloSuite.versionOf(file);
            for (String chunk : VhloSuite.read(file).split("// -----")) {
                Matcher m = ILLEGAL_OP.matcher(chunk);
                while (m.find()) {
                    VhloOpDef def = VhloOpTable.byName(m.group(1)).orElseThrow(() -> new AssertionError(m.group(1)));
                    boolean ok = !def.isValidAt(v)
                            || def.constraints().stream().anyMatch(c -> !c.allowsAt(v))
                            || usesTypeInvalidAt(chunk, v);
                    assertTrue(ok, file.getFileName() + ": " + def.name() + " illegal at " + v + " unexplained");
                    explained++;
                }
            }
        }
        assertTrue(explained >= 40, explained + " illegal ops explained");
    }

    private static boolean usesTypeInvalidAt(String chunk, Version v) {
        for (VhloTypeKind k : VhloTypeKind.values()) {
            if (k.isValidAt(v)) {
                continue;
            }
            String pattern = switch (k) {
                case QUANT_PER_AXIS -> "quant\\.uniform<[^>]*:\\d+, \\{";
                default -> "(?<![\\w.])" + Pattern.quote(k.spelling()) + "(?!\\w)";
            };
            if (Pattern.compile(pattern).matcher(chunk).find()) {
                return true;
            }
        }
        return false;
    }

    private static String name(Optional<VhloOpDef> def) {
        return def.map(VhloOpDef::name).orElse("<none>");
    }
}
