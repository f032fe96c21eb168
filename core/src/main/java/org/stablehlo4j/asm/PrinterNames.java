package org.stablehlo4j.asm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Value;

/**
 * SSA value and block names, assigned the way MLIR's printer does: a region's values are numbered before the
 * regions nested in it, which then continue from the parent region's final counters; entry block arguments
 * are {@code %argN}, other values {@code %N}, blocks {@code ^bbN} per region; suggested names are sanitized and
 * made unique within the enclosing region scopes.
 */
final class PrinterNames {
    /** Each named value's number, or -1 and its name. */
    private final ValueNameTable ids = new ValueNameTable();
    private final Map<Operation, int[]> resultGroups = new IdentityHashMap<>();
    private final Map<Block, Integer> blockOrder = new IdentityHashMap<>();
    private final boolean generic;

    private int nextValueId;
    private int nextArgumentId;
    private int nextConflictId;
    private Scope scope;

    /** Names visible in a region: its own plus those of the enclosing regions. */
    private static final class Scope {
        final Scope parent;
        /** Created with the first name (most regions name nothing). */
        Set<String> used;

        Scope(Scope parent) {
            this.parent = parent;
        }

        boolean contains(String name) {
            for (Scope s = this; s != null; s = s.parent) if (s.used != null && s.used.contains(name)) return true;
            return false;
        }

        void add(String name) {
            if (used == null) used = new HashSet<>();
            used.add(name);
        }
    }

    private record Pending(Region region, int valueId, int argumentId, int conflictId, Scope parent) {}

    private final PrinterOpPlans plans;

    /** Called with every op of the walk (the printer's alias prescan), or null. */
    private final java.util.function.Consumer<Operation> eachOp;

    PrinterNames(PrinterOpPlans plans, Operation top, boolean generic, java.util.function.Consumer<Operation> eachOp) {
        this.plans = plans;
        this.eachOp = eachOp;
        this.generic = generic;
        Scope topScope = new Scope(null);
        scope = topScope;
        // Regions are handled last-pushed-first, each starting from the counters saved when it was pushed.
        Deque<Pending> work = new ArrayDeque<>();
        for (Region r : top.regions()) work.push(new Pending(r, 0, 0, 0, topScope));
        numberOp(top);
        while (!work.isEmpty()) {
            Pending p = work.pop();
            nextValueId = p.valueId;
            nextArgumentId = p.argumentId;
            nextConflictId = p.conflictId;
            Scope cur = new Scope(p.parent);
            scope = cur;
            numberRegion(p.region);
            for (Block b : p.region.blocks()) {
                for (Operation op = b.first(); op != null; op = op.next()) {
                    for (int i = 0, n = op.numRegions(); i < n; i++) {
                        work.push(new Pending(op.region(i), nextValueId, nextArgumentId, nextConflictId, cur));
                    }
                }
            }
        }
    }

    private void numberRegion(Region region) {
        Operation parent = region.parent();
        if (!generic && parent != null) {
            AsmPrinterCustomOp custom = plans.plan(parent.name()).registeredPrinter();
            if (custom != null) {
                custom.blockArgumentNames(region, (value, name) -> {
                    if (!ids.contains(value)) setName(value, name);
                });
            }
        }
        int nextBlockId = 0;
        for (Block block : region.blocks()) {
            blockOrder.putIfAbsent(block, nextBlockId++);
            numberBlock(block, block == region.entry());
        }
    }

    private void numberBlock(Block block, boolean entry) {
        for (BlockArgument arg : block.arguments()) {
            if (ids.contains(arg)) continue;
            setName(arg, entry ? "arg" + nextArgumentId++ : "");
        }
        for (Operation op = block.first(); op != null; op = op.next()) numberOp(op);
    }

    private void numberOp(Operation op) {
        if (eachOp != null) eachOp.accept(op);
        if (!generic && op.numResults() > 0) {
            PrinterOpPlans.Plan plan = plans.plan(op.name());
            if (plan.spec() != null) {
                // A pretty printer has the op's own naming hooks; other ops get the names ODS generates.
                AsmPrinterCustomOp custom = plan.registeredPrinter();
                resultNamer.start(op);
                if (custom != null) custom.resultNames(op, resultNamer);
                else if (op.numResults() > 1) OdsResultNames.suggest(plan.spec(), op, resultNamer);
                if (resultNamer.count > 0) resultGroups.put(op, resultNamer.groups());
            }
        }
        if (op.numResults() == 0) return;
        OpResult first = op.result(0);
        if (!ids.contains(first)) ids.put(first, nextValueId++, null);
    }

    private final ResultNamer resultNamer = new ResultNamer();

    /** Receives an op's suggested result names (reused for every op): names them and notes where groups start. */
    private final class ResultNamer implements java.util.function.BiConsumer<Value, String> {
        private Operation op;
        /** Start indices of result groups after the first (which starts at 0). */
        private int[] starts = new int[4];
        private int count;

        void start(Operation owner) {
            op = owner;
            count = 0;
        }

        @Override
        public void accept(Value value, String name) {
            if (!(value instanceof OpResult r) || r.owner() != op || ids.contains(value)) return;
            setName(value, name);
            if (r.index() == 0) return;
            if (count == starts.length) starts = Arrays.copyOf(starts, 2 * count);
            starts[count++] = r.index();
        }

        /** Sorted group starts, 0 included. */
        int[] groups() {
            int[] g = new int[count + 1];
            System.arraycopy(starts, 0, g, 1, count);
            Arrays.sort(g);
            return g;
        }
    }

    private void setName(Value value, String name) {
        if (name.isEmpty()) {
            ids.put(value, nextValueId++, null);
            return;
        }
        ids.put(value, -1, uniqueName(name));
    }

    private String uniqueName(String name) {
        name = sanitize(name, "$._-", true);
        if (scope.contains(name)) {
            String base = name + "_";
            String probe;
            do {
                probe = base + nextConflictId++;
            } while (scope.contains(probe));
            name = probe;
        }
        scope.add(name);
        return name;
    }

    /** MLIR's identifier sanitizer: invalid characters become hex (space becomes '_'). */
    static String sanitize(String name, String allowedPunct, boolean allowTrailingDigit) {
        StringBuilder sb = new StringBuilder();
        boolean valid = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!isAlnum(c) && allowedPunct.indexOf(c) < 0) valid = false;
        }
        boolean leadingDigit = !name.isEmpty() && Character.isDigit(name.charAt(0)) && name.charAt(0) < 128;
        boolean trailingDigit = !name.isEmpty() && isDigit(name.charAt(name.length() - 1));
        if (valid && !leadingDigit && (allowTrailingDigit || !trailingDigit)) return name;
        if (leadingDigit) sb.append('_');
        byte[] bytes = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (byte b : bytes) {
            char c = (char) (b & 0xFF);
            if (isAlnum(c) || allowedPunct.indexOf(c) >= 0) sb.append(c);
            else if (c == ' ') sb.append('_');
            else sb.append(Integer.toHexString(c).toUpperCase());
        }
        if (!leadingDigit && !allowTrailingDigit && trailingDigit) sb.append('_');
        return sb.toString();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAlnum(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** Appends {@code %name}, {@code %N} or {@code %N#i}. */
    void appendValue(StringBuilder out, Value value, boolean printResultNo) {
        Value lookup = value;
        int resultNo = -1;
        if (value instanceof OpResult r && r.owner().numResults() != 1) {
            Operation owner = r.owner();
            int[] groups = resultGroups.get(owner);
            if (groups == null) {
                resultNo = r.index();
                lookup = owner.result(0);
            } else {
                int pos = upperBound(groups, r.index());
                int groupStart;
                int groupSize;
                if (pos == groups.length) {
                    groupStart = groups[groups.length - 1];
                    groupSize = owner.numResults() - groupStart;
                } else {
                    groupStart = groups[pos - 1];
                    groupSize = groups[pos] - groupStart;
                }
                if (groupSize != 1) resultNo = r.index() - groupStart;
                lookup = owner.result(groupStart);
            }
        }
        int id = ids.id(lookup);
        if (id == ValueNameTable.ABSENT) {
            out.append("<<UNKNOWN SSA VALUE>>");
            return;
        }
        out.append('%');
        if (id >= 0) out.append(id);
        else out.append(ids.name(lookup));
        if (resultNo >= 0 && printResultNo) out.append('#').append(resultNo);
    }

    private static int upperBound(int[] a, int key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= key) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /**
     * MLIR's shadowRegionArgs: the entry arguments of {@code region} take the printed names of
     * {@code namesToUse} (null entries are left alone).
     */
    void shadow(Region region, List<? extends Value> namesToUse) {
        Block entry = region.entry();
        if (entry == null) return;
        for (int i = 0; i < namesToUse.size() && i < entry.numArguments(); i++) {
            Value v = namesToUse.get(i);
            if (v == null) continue;
            StringBuilder sb = new StringBuilder();
            appendValue(sb, v, true);
            BlockArgument arg = entry.argument(i);
            ids.put(arg, -1, sb.substring(1));
        }
    }

    /** Result group start indices (not to be changed), or null when the op has a single group. */
    int[] resultGroups(Operation op) {
        return resultGroups.get(op);
    }

    String blockName(Block block) {
        Integer n = blockOrder.get(block);
        return n == null ? "INVALIDBLOCK" : "^bb" + n;
    }

    int blockOrder(Block block) {
        Integer o = blockOrder.get(block);
        return o == null ? -1 : o;
    }
}
