package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.Type;

/** {@code !stablehlo.token}. */
public final class TokenType implements Type, DialectPrintable {
    public static final TokenType INSTANCE = new TokenType();

    private TokenType() {}

    @Override
    public String dialectNamespace() {
        return StablehloOps.DIALECT;
    }

    @Override
    public void printBody(AsmSink sink) {
        sink.append("token");
    }

    @Override
    public String toString() {
        return "!stablehlo.token";
    }
}
