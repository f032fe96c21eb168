package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.ir.AsmSink;

/** {@code !stablehlo.token}. */
public final class TokenType implements StablehloType {
    public static final TokenType INSTANCE = new TokenType();

    private TokenType() {}

    @Override
    public void printBody(AsmSink sink) {
        sink.append("token");
    }

    @Override
    public String toString() {
        return "!stablehlo.token";
    }
}
