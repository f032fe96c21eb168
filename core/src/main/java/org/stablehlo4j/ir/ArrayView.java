package org.stablehlo4j.ir;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * A read-only list over an array an op owns (its results, regions, successors): what the op's list accessors
 * return, without copying the array; it sees later writes to the array's elements.
 */
final class ArrayView<T> extends AbstractList<T> implements RandomAccess {
    private final T[] elements;

    ArrayView(T[] elements) {
        this.elements = elements;
    }

    @Override public T get(int i) { return elements[i]; }
    @Override public int size() { return elements.length; }
}
