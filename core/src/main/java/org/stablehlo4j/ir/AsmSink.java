package org.stablehlo4j.ir;

/**
 * What a dialect's type or attribute printer writes to: raw text plus nested types and attributes, which the
 * printer renders (with aliases, if enabled) exactly as it renders them elsewhere.
 */
public interface AsmSink {
    AsmSink append(String text);

    AsmSink type(Type type);

    AsmSink attribute(Attribute attribute);
}
