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
 * {@link OperationParser} adds operations, regions and the top level.
 */
abstract class SsaScopeParser extends TypeAttrParser {
    /** Name of the detached placeholder ops that stand for forward-referenced SSA values. */
    static final String FORWARD_REF = "builtin.<forward-ref>";

    /** SSA names of one isolated-from-above region tree. */
    static final class IsolatedScope {
        final Map<String, Slot> values = new HashMap<>(256);
        /** Placeholder value -> offset of its first use. */
        final Map<Value, Integer> forwardRefs = new LinkedHashMap<>();
        /** Names defined per (nested) region, removed when the region ends. */
        final ArrayDeque<List<String>> regionDefs = new ArrayDeque<>();
    }

    /**
     * The values of one SSA name by result number, and where each was defined (or first used, for a forward
     * reference): kept side by side, so defining a value costs no map entry of its own.
     */
    static final class Slot {
        Value[] values;
        int[] offsets;

        Slot(int size) {
            values = new Value[size];
            offsets = new int[size];
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

    SsaScopeParser(org.stablehlo4j.ir.Context context, String text, ParseOptions options) {
        super(context, text, options);
    }

    // =====================================================================================================
    // Scopes
    // =====================================================================================================

    void pushRegionScope(boolean isolated) {
        if (isolated || scopes.isEmpty()) scopes.push(new IsolatedScope());
        scopes.peek().regionDefs.push(new ArrayList<>());
        blockScopes.push(new HashMap<>());
    }

    void popRegionScope(boolean isolated) {
        Map<String, BlockDef> blocks = blockScopes.pop();
        int firstUndefined = Integer.MAX_VALUE;
        for (BlockDef b : blocks.values()) if (!b.defined) firstUndefined = Math.min(firstUndefined, b.firstRef);
        if (firstUndefined != Integer.MAX_VALUE) throw errorAt(firstUndefined, "reference to an undefined block");
        IsolatedScope scope = scopes.peek();
        for (String name : scope.regionDefs.pop()) scope.values.remove(name);
        if (isolated) {
            if (!scope.forwardRefs.isEmpty()) {
                int first = Integer.MAX_VALUE;
                for (int off : scope.forwardRefs.values()) first = Math.min(first, off);
                throw errorAt(first, "use of undeclared SSA value name");
            }
            scopes.pop();
        }
    }

    UnresolvedOperand parseSsaUse() {
        if (!is(Kind.PERCENT_IDENTIFIER)) throw wrongToken("expected SSA operand");
        String name = spelling();
        int at = tok.start;
        consume();
        int number = 0;
        if (is(Kind.HASH_IDENTIFIER)) {
            String digits = text.substring(tok.start + 1, tok.end);
            if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(Character::isDigit)) {
                throw error("invalid SSA value result number");
            }
            number = Integer.parseInt(digits);
            consume();
        }
        return new UnresolvedOperand(name, number, at);
    }

    List<UnresolvedOperand> parseSsaUseList() {
        List<UnresolvedOperand> uses = new ArrayList<>();
        if (!is(Kind.PERCENT_IDENTIFIER)) return uses;
        do {
            uses.add(parseSsaUse());
        } while (consumeIf(Kind.COMMA));
        return uses;
    }

    Value resolve(UnresolvedOperand u, Type type) {
        IsolatedScope scope = scopes.peek();
        Slot slot = scope.values.get(u.name());
        Value[] entries = slot == null ? null : slot.values;
        if (entries != null && u.number() >= entries.length && entries[0] != null
                && !scope.forwardRefs.containsKey(entries[0])) {
            throw errorAt(u.offset(), "reference to invalid result number");
        }
        if (entries != null && u.number() < entries.length && entries[u.number()] != null) {
            Value v = entries[u.number()];
            if (!v.type().equals(type)) {
                throw errorAt(u.offset(), "use of value '" + u.name() + "' expects different type than prior uses: '"
                        + show(type) + "' vs '" + show(v.type()) + "'")
                        .withNote(slot.offsets[u.number()], "prior use here");
            }
            return v;
        }
        Value placeholder = Operation.create(FORWARD_REF, List.of(), List.of(type), null, null, 0, List.of(),
                null).result(0);
        slot = grow(scope, u.name(), u.number());
        slot.values[u.number()] = placeholder;
        slot.offsets[u.number()] = u.offset();
        scope.forwardRefs.put(placeholder, u.offset());
        return placeholder;
    }

    List<Value> resolveAll(List<UnresolvedOperand> uses, List<Type> types, int at) {
        if (uses.size() != types.size()) {
            throw errorAt(at, uses.size() + " operands present, but expected " + types.size());
        }
        List<Value> values = new ArrayList<>(uses.size());
        for (int i = 0; i < uses.size(); i++) values.add(resolve(uses.get(i), types.get(i)));
        return values;
    }

    static Slot grow(IsolatedScope scope, String name, int number) {
        Slot slot = scope.values.get(name);
        if (slot == null) {
            slot = new Slot(number + 1);
            scope.values.put(name, slot);
        } else if (slot.values.length <= number) {
            slot.values = Arrays.copyOf(slot.values, number + 1);
            slot.offsets = Arrays.copyOf(slot.offsets, number + 1);
        }
        return slot;
    }

    void defineValue(String name, int number, Value value, int offset) {
        IsolatedScope scope = scopes.peek();
        Slot slot = scope.values.get(name);
        boolean known = slot != null;
        if (slot == null || slot.values.length <= number) slot = grow(scope, name, number);
        Value[] entries = slot.values;
        Value existing = entries[number];
        if (existing != null) {
            int previous = slot.offsets[number];
            if (!scope.forwardRefs.containsKey(existing)) {
                throw errorAt(offset, "redefinition of SSA value '" + name + "'")
                        .withNote(previous, "previously defined here");
            }
            if (!existing.type().equals(value.type())) {
                throw errorAt(offset, "definition of SSA value '" + name + "#" + number + "' has type '"
                        + show(value.type()) + "'")
                        .withNote(previous, "previously used here with type '" + show(existing.type()) + "'");
            }
            existing.replaceAllUsesWith(value);
            scope.forwardRefs.remove(existing);
        }
        entries[number] = value;
        slot.offsets[number] = offset;
        if (!known || existing != null) scope.regionDefs.peek().add(name);
    }

    /** {@code ^name}: a block of the current region, created on first reference. */
    Block parseSuccessor() {
        if (!is(Kind.CARET_IDENTIFIER)) throw wrongToken("expected block name");
        int at = tok.start;
        Block b = blockScopes.peek().computeIfAbsent(spelling(), k -> new BlockDef(at)).block;
        consume();
        return b;
    }
}
