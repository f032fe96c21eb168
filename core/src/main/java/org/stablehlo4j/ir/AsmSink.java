package org.stablehlo4j.ir;

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
}
