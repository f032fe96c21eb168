package org.stablehlo4j.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The block's bookkeeping that other phases rely on: {@link Operation#isBeforeInBlock} after every kind of edit
 * (the order index is kept on append/prepend/remove and renumbered after a middle insertion), and
 * {@link SymbolTable#lookupSymbol}'s index after ops or their attributes change.
 */
class BlockOrderTest {
    private static Operation op(String name) {
        return Operation.create(name, List.of(), List.of(), null, null, 0, List.of(), null);
    }

    private static Operation symbol(String name) {
        return Operation.create("test.sym", List.of(), List.of(), null,
                DictionaryAttr.of(List.of(new NamedAttribute("sym_name", StringAttr.of(name)))), 0, List.of(), null);
    }

    /** Checks isBeforeInBlock for every ordered pair against the list order. */
    private static void assertOrder(Block b) {
        List<Operation> ops = new ArrayList<>();
        for (Operation o = b.first(); o != null; o = o.next()) ops.add(o);
        assertEquals(b.numOperations(), ops.size());
        for (int i = 0; i < ops.size(); i++) {
            for (int j = 0; j < ops.size(); j++) {
                assertEquals(i < j, ops.get(i).isBeforeInBlock(ops.get(j)), i + " before " + j);
            }
        }
    }

    @Test
    void orderAfterEveryKindOfEdit() {
        Block b = new Block();
        Operation a = op("t.a");
        b.append(a);
        Operation c = op("t.c");
        b.append(c);
        assertOrder(b);
        Operation first = op("t.first");
        b.prepend(first);
        assertOrder(b);
        Operation mid = op("t.mid");
        b.insertBefore(c, mid);
        assertOrder(b);
        b.remove(a);
        assertOrder(b);
        b.append(op("t.end"));
        assertOrder(b);
        mid.moveBefore(first);
        assertOrder(b);
        c.moveAfter(mid);
        assertOrder(b);
        b.insert(2, op("t.at2"));
        assertOrder(b);
    }

    @Test
    void symbolLookupFollowsEdits() {
        Operation module = Operation.create("builtin.module", List.of(), List.of(), null, null, 1, List.of(), null);
        Block body = new Block();
        module.region(0).append(body);
        Operation user = op("t.user");
        Operation f = symbol("f");
        body.append(f);
        body.append(user);
        assertSame(f, SymbolTable.lookupSymbol(user, "f"));
        assertNull(SymbolTable.lookupSymbol(user, "g"));
        // A second op of the same name placed earlier: the first in block order is found.
        Operation earlier = symbol("f");
        body.prepend(earlier);
        assertSame(earlier, SymbolTable.lookupSymbol(user, "f"));
        // Renaming (attributes replaced) and removing are seen.
        earlier.setAttributes(DictionaryAttr.of(List.of(new NamedAttribute("sym_name", StringAttr.of("g")))));
        assertSame(f, SymbolTable.lookupSymbol(user, "f"));
        assertSame(earlier, SymbolTable.lookupSymbol(user, "g"));
        f.remove();
        assertNull(SymbolTable.lookupSymbol(user, "f"));
        f.setProperties(DictionaryAttr.of(List.of(new NamedAttribute("sym_name", StringAttr.of("h")))));
        body.insertBefore(user, f);
        assertSame(f, SymbolTable.lookupSymbol(user, "h"));
        assertTrue(f.isBeforeInBlock(user));
    }
}
