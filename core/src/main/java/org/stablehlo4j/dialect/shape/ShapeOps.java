package org.stablehlo4j.dialect.shape;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpTable;

/**
 * The signatures of MLIR's shape dialect ops (upstream {@code mlir/Dialect/Shape/IR/ShapeOps.td}), in its order:
 * operands, results, attributes, regions, traits and assembly formats, as plain data. Their code (verifiers, type
 * inference, folders) is attached by {@link ShapeOpHooks}, whose table the dialect registers; the typed classes
 * of this package ({@code ShapeOfOp}, {@code BroadcastOp}, ...) are generated from these rows at build time.
 *
 * <p>Not modelled: the shape-function ops ({@code shape.reduce}, {@code shape.yield}, {@code shape.func},
 * {@code shape.return}, {@code shape.function_library}); like upstream's dialect, which allows unknown ops, this
 * one keeps them (and any other op of the namespace) in the generic form.
 */
public final class ShapeOps {
    /** The dialect's namespace. */
    public static final String DIALECT = "shape";

    /** The rows without their code: what the typed op classes are generated from. */
    public static final DialectOpTable SIGNATURES = OpTable.define(DIALECT, ShapeOps::rows);

    static final String SIZE_OR_INDEX = "Shape_SizeOrIndexType";
    static final String SHAPE_OR_EXTENT_TENSOR = "Shape_ShapeOrExtentTensorType";
    static final String SHAPE_OR_SIZE = "Shape_ShapeOrSizeType";
    static final String SHAPE = "Shape_ShapeType";
    static final String SIZE = "Shape_SizeType";
    static final String VALUE_SHAPE = "Shape_ValueShapeType";
    static final String WITNESS = "Shape_WitnessType";

    private static final String BINARY = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";

    private ShapeOps() {}

    private static void rows(OpTable t) {
        t.op("add").in("lhs", SIZE_OR_INDEX).in("rhs", SIZE_OR_INDEX).out("result", SIZE_OR_INDEX)
                .traits(COMMUTATIVE, PURE, INFER_TYPE).infers().format(BINARY);
        t.op("broadcast").varIn("shapes", SHAPE_OR_EXTENT_TENSOR).optAttr("error", STRING)
                .out("result", SHAPE_OR_EXTENT_TENSOR)
                .traits(COMMUTATIVE, PURE).format("$shapes attr-dict `:` type($shapes) `->` type($result)");
        t.op("const_shape").attr("shape", ELEMENTS, "IndexElementsAttr").out("result", SHAPE_OR_EXTENT_TENSOR)
                .traits(CONSTANT_LIKE, PURE, INFER_TYPE).infers().custom();
        t.op("const_size").attr("value", ANY, "IndexAttr").out("result", SIZE)
                .traits(CONSTANT_LIKE, PURE, ASM_NAMES).custom();
        t.op("div").in("lhs", SIZE_OR_INDEX).in("rhs", SIZE_OR_INDEX).out("result", SIZE_OR_INDEX)
                .traits(PURE, INFER_TYPE).infers().format(BINARY);
        t.op("shape_eq").varIn("shapes", SHAPE_OR_EXTENT_TENSOR).out("result", "I1")
                .traits(PURE, COMMUTATIVE).format("$shapes attr-dict `:` type($shapes)");
        t.op("from_extents").varIn("extents", SIZE_OR_INDEX).out("shape", SHAPE)
                .traits(PURE).format("$extents attr-dict `:` type($extents)");
        t.op("from_extent_tensor").in("input", "1DTensorOf<[Index]>").out("result", SHAPE)
                .traits(PURE).format("$input attr-dict `:` type($input)");
        t.op("is_broadcastable").varIn("shapes", SHAPE_OR_EXTENT_TENSOR).out("result", "I1")
                .traits(COMMUTATIVE).format("$shapes attr-dict `:` type($shapes)");
        t.op("rank").in("shape", SHAPE_OR_EXTENT_TENSOR).out("rank", SIZE_OR_INDEX)
                .traits(PURE, INFER_TYPE).infers().format("$shape attr-dict `:` type($shape) `->` type($rank)");
        t.op("to_extent_tensor").in("input", SHAPE_OR_EXTENT_TENSOR).out("result", "TensorOf<[Index]>")
                .traits(PURE).format("$input attr-dict `:` type($input) `->` type($result)");
        t.op("dim").in("value", "AnyShaped").in("index", SIZE_OR_INDEX).out("extent", SIZE_OR_INDEX)
                .traits(PURE, INFER_TYPE).infers()
                .format("$value `,` $index attr-dict `:` type($value) `,` type($index) `->` type($extent)");
        t.op("get_extent").in("shape", SHAPE_OR_EXTENT_TENSOR).in("dim", SIZE_OR_INDEX).out("extent", SIZE_OR_INDEX)
                .traits(PURE, INFER_TYPE).infers()
                .format("$shape `,` $dim attr-dict `:` type($shape) `,` type($dim) `->` type($extent)");
        t.op("index_to_size").in("arg", "Index").out("result", SIZE).traits(PURE).format("$arg attr-dict");
        t.op("max").in("lhs", SHAPE_OR_SIZE).in("rhs", SHAPE_OR_SIZE).out("result", SHAPE_OR_SIZE)
                .traits(COMMUTATIVE, PURE, INFER_TYPE).infers().format(BINARY);
        t.op("meet").in("arg0", "Shape_AnyShapeOrSizeType").in("arg1", "Shape_AnyShapeOrSizeType")
                .optAttr("error", STRING).out("result", "Shape_AnyShapeOrSizeType")
                .traits(COMMUTATIVE, INFER_TYPE).infers()
                .format("$arg0 `,` $arg1 (`,` `error` `=` $error^)? attr-dict `:` type($arg0) `,` type($arg1) "
                        + "`->` type($result)");
        t.op("min").in("lhs", SHAPE_OR_SIZE).in("rhs", SHAPE_OR_SIZE).out("result", SHAPE_OR_SIZE)
                .traits(COMMUTATIVE, PURE, INFER_TYPE).infers().format(BINARY);
        t.op("mul").in("lhs", SIZE_OR_INDEX).in("rhs", SIZE_OR_INDEX).out("result", SIZE_OR_INDEX)
                .traits(COMMUTATIVE, PURE, INFER_TYPE).infers().format(BINARY);
        t.op("num_elements").in("shape", SHAPE_OR_EXTENT_TENSOR).out("result", SIZE_OR_INDEX)
                .traits(PURE, INFER_TYPE).infers().format("$shape attr-dict `:` type($shape) `->` type($result)");
        t.op("shape_of").in("arg", "AnyTypeOf<[AnyShaped, Shape_ValueShapeType]>").out("result", SHAPE_OR_EXTENT_TENSOR)
                .traits(PURE, INFER_TYPE).infers().format("$arg attr-dict `:` type($arg) `->` type($result)");
        t.op("value_of").in("arg", VALUE_SHAPE).out("result", "AnyShaped")
                .traits(PURE).format("$arg attr-dict `:` type($result)");
        t.op("size_to_index").in("arg", SIZE_OR_INDEX).out("result", "Index")
                .traits(PURE).format("$arg attr-dict `:` type($arg)");
        t.op("value_as_shape").in("arg", "AnyTypeOf<[1DTensorOf<[AnyInteger, Index]>, Shape_ValueShapeType]>")
                .out("result", SHAPE_OR_EXTENT_TENSOR)
                .traits(PURE).format("$arg attr-dict `:` type($arg) `->` type($result)");
        t.op("with_shape").in("operand", "AnyTypeOf<[AnyShaped, Shape_ValueShapeType]>")
                .in("shape", SHAPE_OR_EXTENT_TENSOR).out("result", VALUE_SHAPE)
                .traits(PURE).format("operands attr-dict `:` type($operand) `,` type($shape)");
        // for testing: no assembly format
        t.op("debug_print").in("input", SHAPE_OR_SIZE).out("output", SHAPE_OR_SIZE);
        t.op("split_at").in("operand", SHAPE_OR_EXTENT_TENSOR).in("index", SIZE_OR_INDEX)
                .out("head", SHAPE_OR_EXTENT_TENSOR).out("tail", SHAPE_OR_EXTENT_TENSOR).traits(PURE);
        t.op("concat").in("lhs", SHAPE_OR_EXTENT_TENSOR).in("rhs", SHAPE_OR_EXTENT_TENSOR)
                .out("result", SHAPE_OR_EXTENT_TENSOR).traits(PURE).format(BINARY);
        // shape constraints
        t.op("any").varIn("inputs", SHAPE_OR_EXTENT_TENSOR).out("result", SHAPE_OR_EXTENT_TENSOR)
                .traits(COMMUTATIVE, PURE).format("$inputs attr-dict `:` type($inputs) `->` type($result)");
        t.op("assuming_all").varIn("inputs", WITNESS).out("result", WITNESS)
                .traits(COMMUTATIVE, PURE).format("$inputs attr-dict");
        t.op("assuming").in("witness", WITNESS).sizedRegion("doRegion").varOut("results", "AnyType")
                .traits(SINGLE_BLOCK_IMPLICIT_TERMINATOR, RECURSIVE_MEMORY_EFFECTS).custom();
        t.op("assuming_yield").varIn("operands", "AnyType")
                .traits(PURE, TERMINATOR).format("attr-dict ($operands^ `:` type($operands))?");
        t.op("cstr_broadcastable").varIn("shapes", SHAPE_OR_EXTENT_TENSOR).out("result", WITNESS)
                .traits(COMMUTATIVE).format("$shapes attr-dict `:` type($shapes)");
        t.op("cstr_eq").varIn("shapes", SHAPE_OR_EXTENT_TENSOR).out("result", WITNESS)
                .traits(COMMUTATIVE).format("$shapes attr-dict `:` type($shapes)");
        t.op("const_witness").attr("passing", BOOL).out("result", WITNESS)
                .traits(CONSTANT_LIKE, PURE).format("$passing attr-dict");
        t.op("cstr_require").in("pred", "I1").attr("msg", STRING).out("result", WITNESS)
                .format("$pred `,` $msg attr-dict");
    }
}
