package org.stablehlo4j.asm.format;

import java.util.List;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmParserContext.OperandRef;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * A {@code custom<Name>(args...)} directive of a declarative assembly format, supplied by the dialect that uses it
 * (MLIR's ODS calls the dialect's C++ functions {@code printName}/{@code parseName}). The engine hands over the
 * directive's arguments as opaque {@link Format.Elem}s; the directive reads and sets them through the scopes.
 */
public interface CustomDirective {
    void print(PrintScope s, List<Format.Elem> args);

    void parse(ParseScope s, List<Format.Elem> args);

    /** The op being printed and its variables. */
    interface PrintScope {
        Operation op();

        AsmPrinterContext printer();

        List<Value> values(Format.Elem e);

        List<Type> types(Format.Elem e);

        Attribute attr(Format.Elem e);
    }

    /** The op being parsed: where a directive stores what it read. */
    interface ParseScope {
        AsmParserContext parser();

        void setTypes(Format.Elem e, List<Type> types);

        List<OperandRef> refs(Format.Elem e);

        void setRefs(Format.Elem e, List<OperandRef> refs);

        void setAttr(Format.Elem e, Attribute value);

        /** Marks where the op's type signature starts (for operand-count errors). */
        void markTypeStart();
    }
}
