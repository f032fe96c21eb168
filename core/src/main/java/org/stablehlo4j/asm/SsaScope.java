package org.stablehlo4j.asm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.asm.OpAsmParser.UnresolvedOperand;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The SSA half of the operation parser: scopes of value names (one per isolated-from-above region tree, with the
 * names each nested region defines), forward references as placeholder values, and block labels per region.
 * {@link OperationParser} holds one and adds operations, regions and the top level.
 */
final class SsaScope {
    final ParserState in;

    /** Name of the detached placeholder ops that stand for forward-referenced SSA values. */
    static final String FORWARD_REF = "builtin.<forward-ref>";

    /** SSA names of one isolated-from-above region tree. */
    static final class IsolatedScope {
        final SsaNameTable values = new SsaNameTable();
        /** Placeholder value -> offset of its first use. */
        final Map<Value, Integer> forwardRefs = new LinkedHashMap<>();
        /** Names defined by the (nested) regions, innermost last, cleared when their region ends. */
        SsaNameTable.Slot[] defs = new SsaNameTable.Slot[64];
        int defCount;
        /** Per open region: where its names start in {@link #defs}. */
        int[] regionStarts = new int[8];
        int regionDepth;

        void pushRegion() {
            if (regionDepth == regionStarts.length) regionStarts = Arrays.copyOf(regionStarts, regionDepth * 2);
            regionStarts[regionDepth++] = defCount;
        }

        void popRegion() {
            int from = regionStarts[--regionDepth];
            for (int i = from; i < defCount; i++) {
                defs[i].clear();
                defs[i] = null;
            }
            defCount = from;
        }

        void defined(SsaNameTable.Slot slot) {
            if (defCount == defs.length) defs = Arrays.copyOf(defs, defCount * 2);
            defs[defCount++] = slot;
        }
    }

    static final class BlockDef {
        final Block block = new Block();
        boolean defined;
        final int firstRef;

        BlockDef(int firstRef) { this.firstRef = firstRef; }
    }

    final ArrayDeque<IsolatedScope> scopes = new ArrayDeque<>();
    final ArrayDeque<Map<String, BlockDef>> blockScopes = new ArrayDeque<>();

    SsaScope(ParserState in) {
        this.in = in;
    }

    // =====================================================================================================
    // Scopes
    // =====================================================================================================

    void pushRegionScope(boolean isolated) {
        if (isolated || scopes.isEmpty()) scopes.push(new IsolatedScope());
        scopes.peek().pushRegion();
        blockScopes.push(new HashMap<>());
    }

    void popRegionScope(boolean isolated) {
        Map<String, BlockDef> blocks = blockScopes.pop();
        int firstUndefined = Integer.MAX_VALUE;
        for (BlockDef b : blocks.values()) if (!b.defined) firstUndefined = Math.min(firstUndefined, b.firstRef);
        if (firstUndefined != Integer.MAX_VALUE) throw ParserState.errorAt(firstUndefined, "reference to an undefined block");
        IsolatedScope scope = scopes.peek();
        scope.popRegion();
        if (isolated) {
            if (!scope.forwardRefs.isEmpty()) {
                int first = Integer.MAX_VALUE;
                for (int off : scope.forwardRefs.values()) first = Math.min(first, off);
                throw ParserState.errorAt(first, "use of undeclared SSA value name");
            }
            scopes.pop();
        }
    }

    UnresolvedOperand parseSsaUse() {
        if (!in.is(Kind.PERCENT_IDENTIFIER)) throw in.wrongToken("expected SSA operand");
        String name = in.spelling();
        int at = in.tok.start;
        in.consume();
        int number = 0;
        if (in.is(Kind.HASH_IDENTIFIER)) number = parseResultNumber();
        return new UnresolvedOperand(name, number, at);
    }

    /** The {@code #number} after an SSA name. */
    int parseResultNumber() {
        int from = in.tok.start + 1;
        int digits = in.tok.end - from;
        if (digits == 0 || digits > 9) throw in.error("invalid SSA value result number");
        int number = 0;
        for (int i = from; i < in.tok.end; i++) {
            char c = in.text.charAt(i);
            if (c < '0' || c > '9') throw in.error("invalid SSA value result number");
            number = number * 10 + (c - '0');
        }
        in.consume();
        return number;
    }

    List<UnresolvedOperand> parseSsaUseList() {
        List<UnresolvedOperand> uses = new ArrayList<>();
        if (!in.is(Kind.PERCENT_IDENTIFIER)) return uses;
        do {
            uses.add(parseSsaUse());
        } while (in.consumeIf(Kind.COMMA));
        return uses;
    }

    Value resolve(UnresolvedOperand u, Type type) {
        String name = u.name();
        int off = u.offset();
        if (in.text.startsWith(name, off)) {
            return resolve(off, name.length(), u.number(), off, type);
        }
        char[] key = name.toCharArray();
        return resolve(key, 0, key.length, SpanTable.hash(key, 0, key.length), u.number(), off, type);
    }

    /** Resolves the use {@code %name#number} whose name is the {@code len} characters at {@code nameAt}. */
    Value resolve(int nameAt, int len, int number, int offset, Type type) {
        return resolve(in.lex.buffer(), nameAt, len, SpanTable.hash(in.lex.buffer(), nameAt, len), number, offset, type);
    }

    private Value resolve(char[] src, int nameAt, int len, int hash, int number, int offset, Type type) {
        IsolatedScope scope = scopes.peek();
        SsaNameTable.Slot slot = scope.values.find(src, nameAt, len, hash);
        if (slot != null && slot.count > 0) {
            if (number >= slot.count && slot.v0 != null && !scope.forwardRefs.containsKey(slot.v0)) {
                throw ParserState.errorAt(offset, "reference to invalid result number");
            }
            Value v = slot.value(number);
            if (number < slot.count && v != null) {
                if (!v.type().equals(type)) {
                    throw ParserState.errorAt(offset, "use of value '" + new String(src, nameAt, len)
                            + "' expects different type than prior uses: '" + ParserState.show(type) + "' vs '"
                            + ParserState.show(v.type()) + "'").withNote(slot.offset(number), "prior use here");
                }
                return v;
            }
        }
        Value placeholder = Operation.create(FORWARD_REF, List.of(), List.of(type), null, null, 0, List.of(),
                null).result(0);
        if (slot == null) slot = scope.values.add(src, nameAt, len, hash);
        slot.grow(number);
        slot.set(number, placeholder, offset);
        scope.forwardRefs.put(placeholder, offset);
        return placeholder;
    }

    List<Value> resolveAll(List<UnresolvedOperand> uses, List<Type> types, int at) {
        if (uses.size() != types.size()) {
            throw ParserState.errorAt(at, uses.size() + " operands present, but expected " + types.size());
        }
        List<Value> values = new ArrayList<>(uses.size());
        for (int i = 0; i < uses.size(); i++) values.add(resolve(uses.get(i), types.get(i)));
        return values;
    }

    void defineValue(String name, int number, Value value, int offset) {
        if (in.text.startsWith(name, offset)) {
            defineValue(offset, name.length(), number, value, offset);
            return;
        }
        char[] key = name.toCharArray();
        defineValue(key, 0, key.length, SpanTable.hash(key, 0, key.length), number, value, offset);
    }

    /** Defines {@code %name#number}, the name being the {@code len} characters of the text at {@code nameAt}. */
    void defineValue(int nameAt, int len, int number, Value value, int offset) {
        char[] buf = in.lex.buffer();
        defineValue(buf, nameAt, len, SpanTable.hash(buf, nameAt, len), number, value, offset);
    }

    private void defineValue(char[] src, int nameAt, int len, int hash, int number, Value value, int offset) {
        IsolatedScope scope = scopes.peek();
        SsaNameTable.Slot slot = scope.values.add(src, nameAt, len, hash);
        boolean known = slot.count > 0;
        slot.grow(number);
        Value existing = slot.value(number);
        if (existing != null) {
            int previous = slot.offset(number);
            String name = new String(src, nameAt, len);
            if (!scope.forwardRefs.containsKey(existing)) {
                throw ParserState.errorAt(offset, "redefinition of SSA value '" + name + "'")
                        .withNote(previous, "previously defined here");
            }
            if (!existing.type().equals(value.type())) {
                throw ParserState.errorAt(offset, "definition of SSA value '" + name + "#" + number + "' has type '"
                        + ParserState.show(value.type()) + "'")
                        .withNote(previous, "previously used here with type '" + ParserState.show(existing.type()) + "'");
            }
            existing.replaceAllUsesWith(value);
            scope.forwardRefs.remove(existing);
        }
        slot.set(number, value, offset);
        if (!known || existing != null) scope.defined(slot);
    }

    // =====================================================================================================
    // Names of the generic op being parsed, as spans of the text
    // =====================================================================================================

    /**
     * The result names of the ops being parsed, three ints each ({@code %name} start, its length, the count);
     * nested ops push above their parent's entries and drop them when done.
     */
    private int[] groupStack = new int[48];
    int groupTop;

    /** Notes {@code %name:count} (count 1 without {@code :}) before the op that defines it is parsed. */
    void pushResultGroup(int nameAt, int len, int count) {
        if (groupTop + 3 > groupStack.length) groupStack = Arrays.copyOf(groupStack, groupTop * 2);
        groupStack[groupTop++] = nameAt;
        groupStack[groupTop++] = len;
        groupStack[groupTop++] = count;
    }

    /** Defines the result names noted from {@code base} on as the results of {@code op}, and drops them. */
    void defineResults(int base, Operation op) {
        int idx = 0;
        int[] g = groupStack;
        for (int k = base; k < groupTop; k += 3) {
            for (int i = 0; i < g[k + 2]; i++) defineValue(g[k], g[k + 1], i, op.result(idx++), g[k]);
        }
        groupTop = base;
    }

    /** SSA uses of the generic ops being parsed, three ints each (name start, name length, result number). */
    private int[] useStack = new int[96];
    int useTop;

    /** {@code %name} or {@code %name#number}, pushed onto the uses of the op being parsed. */
    void pushSsaUse() {
        if (!in.is(Kind.PERCENT_IDENTIFIER)) throw in.wrongToken("expected SSA operand");
        int at = in.tok.start;
        int len = in.tok.end - at;
        in.consume();
        int number = 0;
        if (in.is(Kind.HASH_IDENTIFIER)) number = parseResultNumber();
        if (useTop + 3 > useStack.length) useStack = Arrays.copyOf(useStack, useTop * 2);
        useStack[useTop++] = at;
        useStack[useTop++] = len;
        useStack[useTop++] = number;
    }

    /** Resolves the uses pushed from {@code base} on with their types (as many), and drops them. */
    List<Value> resolveUses(int base, List<Type> types) {
        int n = types.size();
        if (n == 0) {
            useTop = base;
            return List.of();
        }
        Value[] values = new Value[n];
        int[] u = useStack;
        for (int i = 0; i < n; i++) {
            int k = base + 3 * i;
            values[i] = resolve(u[k], u[k + 1], u[k + 2], u[k], types.get(i));
        }
        useTop = base;
        return Arrays.asList(values);
    }

    /** {@code ^name}: a block of the current region, created on first reference. */
    Block parseSuccessor() {
        if (!in.is(Kind.CARET_IDENTIFIER)) throw in.wrongToken("expected block name");
        int at = in.tok.start;
        Block b = blockScopes.peek().computeIfAbsent(in.spelling(), k -> new BlockDef(at)).block;
        in.consume();
        return b;
    }
}
