package org.stablehlo4j.ir;

/**
 * A structured type or attribute of a dialect (e.g. VHLO's {@code !vhlo.tensor_v1<...>}) that prints its own
 * body. The printer writes {@code !ns.body} / {@code #ns.body} when the body is a bare identifier optionally
 * followed by a {@code <...>} group (MLIR's "pretty" dialect form), and {@code !ns<body>} / {@code #ns<body>}
 * otherwise.
 */
public interface DialectPrintable {
    /** {@return the dialect namespace, e.g. {@code vhlo}} */
    String dialectNamespace();

    /**
     * Writes the body (what follows {@code ns.} in the pretty form).
     *
     * @param sink where the body goes
     */
    void printBody(AsmSink sink);
}
