package org.stablehlo4j.ir;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * What a dialect's type or attribute printer writes to: raw text plus nested types and attributes, which the
 * printer renders (with aliases, if enabled) exactly as it renders them elsewhere.
 */
public interface AsmSink {
    /**
     * Writes {@code text} verbatim.
     *
     * @param text the text
     * @return this sink
     */
    AsmSink append(String text);

    /**
     * Writes {@code type} as the printer renders types.
     *
     * @param type the nested type
     * @return this sink
     */
    AsmSink type(Type type);

    /**
     * Writes {@code attribute} as the printer renders attributes.
     *
     * @param attribute the nested attribute
     * @return this sink
     */
    AsmSink attribute(Attribute attribute);

    /**
     * Writes each item with {@code each}, separated by {@code ", "}.
     *
     * @param <T> the items' type
     * @param items the items
     * @param each writes one item to this sink
     * @return this sink
     */
    default <T> AsmSink commaSeparated(List<T> items, BiConsumer<AsmSink, ? super T> each) {
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) append(", ");
            each.accept(this, items.get(i));
        }
        return this;
    }

    /**
     * Writes the types, separated by {@code ", "}.
     *
     * @param types the types
     * @return this sink
     */
    default AsmSink types(List<? extends Type> types) {
        return commaSeparated(types, AsmSink::type);
    }

    /**
     * Writes the attributes, separated by {@code ", "}.
     *
     * @param attributes the attributes
     * @return this sink
     */
    default AsmSink attributes(List<? extends Attribute> attributes) {
        return commaSeparated(attributes, AsmSink::attribute);
    }
}
