package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.dialect.stablehlo.AxisRefAttr;
import org.stablehlo4j.dialect.stablehlo.ChannelHandleAttr;
import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.DotAlgorithmAttr;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.FutureType;
import org.stablehlo4j.dialect.stablehlo.GatherDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.MeshAttr;
import org.stablehlo4j.dialect.stablehlo.MeshAxisAttr;
import org.stablehlo4j.dialect.stablehlo.OdsPropertyLayout;
import org.stablehlo4j.dialect.stablehlo.OutputOperandAliasAttr;
import org.stablehlo4j.dialect.stablehlo.ReplicaGroupMeshAxesAttr;
import org.stablehlo4j.dialect.stablehlo.ResultAccuracyAttr;
import org.stablehlo4j.dialect.stablehlo.ScatterDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.SubAxisInfoAttr;
import org.stablehlo4j.dialect.stablehlo.TokenType;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.bytecode.BytecodeException;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.bytecode.DialectReader;
import org.stablehlo4j.bytecode.DialectWriter;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Type;

/**
 * The StableHLO dialect's bytecode interface (upstream stablehlo/dialect/StablehloBytecode.cpp): the custom
 * encodings of {@code #stablehlo.*} attributes and {@code !stablehlo.*} types (a kind code, then the fields in
 * the order below), and the properties of StableHLO ops, laid out by {@link OdsPropertyLayout} from the op table.
 */
public final class StablehloBytecode implements DialectBytecode {
    public static final StablehloBytecode INSTANCE = new StablehloBytecode();

    // Attribute codes (StablehloBytecode.cpp, enum AttributeCode; 0 was ArgResultAliasAttr, now obsolete).
    static final int CHANNEL_HANDLE = 1;
    static final int COMPARISON_DIRECTION = 2;
    static final int COMPARISON_TYPE = 3;
    static final int CONV_DIMENSION_NUMBERS = 4;
    static final int DOT_DIMENSION_NUMBERS = 5;
    static final int FFT_TYPE = 6;
    static final int GATHER_DIMENSION_NUMBERS = 7;
    static final int PRECISION = 8;
    static final int RNG_ALGORITHM = 9;
    static final int RNG_DISTRIBUTION = 10;
    static final int SCATTER_DIMENSION_NUMBERS = 11;
    static final int TRANSPOSE = 12;
    static final int TYPE_EXTENSIONS = 13;
    static final int OUTPUT_OPERAND_ALIAS = 14;
    static final int DOT_ALGORITHM = 15;
    static final int RESULT_ACCURACY_MODE = 16;
    static final int RESULT_ACCURACY = 17;
    static final int REPLICA_GROUP_MESH_AXES = 18;
    static final int SUB_AXIS_INFO = 19;
    static final int AXIS_REF = 20;
    static final int MESH_AXIS = 21;
    static final int MESH = 22;

    // Type codes (enum TypeCode).
    static final int TOKEN_TYPE = 0;
    static final int FUTURE_TYPE = 1;

    private StablehloBytecode() {}

    // ---- Op properties -------------------------------------------------------------------------------------

    @Override
    public List<Property> properties(String opName) {
        return OdsPropertyLayout.of(StablehloOps.spec(opName));
    }

    @Override
    public boolean rejectsUnknownOps() {
        return true;
    }

    // ---- Enums (hlo::bytecode::readEnumAttribute: the enum's uint32 value as a varint) ---------------------

    /** The attribute code of an enum attribute kind, or -1 if it has none. */
    static int enumCode(StablehloEnum kind) {
        return switch (kind) {
            case COMPARISON_DIRECTION -> COMPARISON_DIRECTION;
            case COMPARISON_TYPE -> COMPARISON_TYPE;
            case PRECISION -> PRECISION;
            case FFT_TYPE -> FFT_TYPE;
            case TRANSPOSE -> TRANSPOSE;
            case RNG_DISTRIBUTION -> RNG_DISTRIBUTION;
            case RNG_ALGORITHM -> RNG_ALGORITHM;
            case RESULT_ACCURACY_MODE -> RESULT_ACCURACY_MODE;
            default -> -1;
        };
    }

    /** Reads an enum value of {@code kind} (a varint; an unknown value is an error). */
    public static int readEnumCase(DialectReader r, StablehloEnum kind) throws BytecodeException {
        int at = r.position();
        long v = r.readVarInt();
        int i = v < 0 || v > 0xFFFFFFFFL ? -1 : kind.indexOfValue(v);
        if (i < 0) throw r.error(at, "invalid " + kind.mnemonic() + " value: " + Long.toUnsignedString(v));
        return i;
    }

    // ---- Attributes -----------------------------------------------------------------------------------------

    @Override
    public Attribute readAttribute(DialectReader r) throws BytecodeException {
        int at = r.position();
        long code = r.readVarInt();
        switch ((int) Math.min(code, Integer.MAX_VALUE)) {
            case CHANNEL_HANDLE:
                return new ChannelHandleAttr(r.readSignedVarInt(), r.readSignedVarInt());
            case COMPARISON_DIRECTION:
                return enumAttr(r, StablehloEnum.COMPARISON_DIRECTION);
            case COMPARISON_TYPE:
                return enumAttr(r, StablehloEnum.COMPARISON_TYPE);
            case CONV_DIMENSION_NUMBERS: {
                long ib = r.readSignedVarInt();
                long ifd = r.readSignedVarInt();
                List<Long> is = dims(r);
                long kif = r.readSignedVarInt();
                long kof = r.readSignedVarInt();
                List<Long> ks = dims(r);
                long ob = r.readSignedVarInt();
                long of = r.readSignedVarInt();
                List<Long> os = dims(r);
                return new ConvDimensionNumbersAttr(ib, ifd, is, kif, kof, ks, ob, of, os);
            }
            case DOT_DIMENSION_NUMBERS:
                return new DotDimensionNumbersAttr(dims(r), dims(r), dims(r), dims(r));
            case FFT_TYPE:
                return enumAttr(r, StablehloEnum.FFT_TYPE);
            case GATHER_DIMENSION_NUMBERS:
                return new GatherDimensionNumbersAttr(dims(r), dims(r), dims(r), dims(r), dims(r),
                        r.readSignedVarInt());
            case PRECISION:
                return enumAttr(r, StablehloEnum.PRECISION);
            case RNG_ALGORITHM:
                return enumAttr(r, StablehloEnum.RNG_ALGORITHM);
            case RNG_DISTRIBUTION:
                return enumAttr(r, StablehloEnum.RNG_DISTRIBUTION);
            case SCATTER_DIMENSION_NUMBERS:
                return new ScatterDimensionNumbersAttr(dims(r), dims(r), dims(r), dims(r), dims(r),
                        r.readSignedVarInt());
            case TRANSPOSE:
                return enumAttr(r, StablehloEnum.TRANSPOSE);
            case TYPE_EXTENSIONS:
                return new TypeExtensionsAttr(dims(r));
            case OUTPUT_OPERAND_ALIAS:
                return new OutputOperandAliasAttr(dims(r), r.readSignedVarInt(), dims(r));
            case DOT_ALGORITHM:
                return new DotAlgorithmAttr(r.readType(), r.readType(), r.readType(), r.readSignedVarInt(),
                        r.readSignedVarInt(), r.readSignedVarInt(), r.readBool());
            case RESULT_ACCURACY_MODE:
                return enumAttr(r, StablehloEnum.RESULT_ACCURACY_MODE);
            case RESULT_ACCURACY: {
                double atol = Double.longBitsToDouble(r.readSignedVarInt());
                double rtol = Double.longBitsToDouble(r.readSignedVarInt());
                long ulps = r.readSignedVarInt();
                int mat = r.position();
                Attribute mode = r.readAttribute();
                if (!(mode instanceof EnumAttr e) || e.kind() != StablehloEnum.RESULT_ACCURACY_MODE) {
                    throw r.error(mat, "expected a #stablehlo.result_accuracy_mode attribute, but got: " + mode);
                }
                return new ResultAccuracyAttr(atol, rtol, ulps, e);
            }
            case REPLICA_GROUP_MESH_AXES: {
                Attribute mesh = r.readAttribute();
                return new ReplicaGroupMeshAxesAttr(mesh, new ArrayAttr(r.readAttributes()));
            }
            case SUB_AXIS_INFO:
                return new SubAxisInfoAttr(r.readSignedVarInt(), r.readSignedVarInt());
            case AXIS_REF: {
                String name = r.readString();
                SubAxisInfoAttr sub = null;
                if (r.readBool()) sub = r.readAttribute(SubAxisInfoAttr.class, "#stablehlo.sub_axis_info");
                return new AxisRefAttr(name, sub);
            }
            case MESH_AXIS:
                return new MeshAxisAttr(r.readString(), r.readSignedVarInt());
            case MESH: {
                ArrayAttr axesAttr = r.readAttribute(ArrayAttr.class, "an array of mesh axes");
                List<MeshAxisAttr> axes = new ArrayList<>(axesAttr.elements().size());
                for (Attribute a : axesAttr.elements()) {
                    if (!(a instanceof MeshAxisAttr m)) throw r.error("expected a #stablehlo.mesh_axis, but got: " + a);
                    axes.add(m);
                }
                Attribute deviceIds = null;
                if (r.readBool()) {
                    int dat = r.position();
                    deviceIds = r.readAttribute();
                    if (!(deviceIds instanceof DenseElementsAttr d)
                            || !(d.type().elementType() instanceof IntegerType)) {
                        throw r.error(dat, "expected integer elements as device ids, but got: " + deviceIds);
                    }
                }
                return new MeshAttr(axes, deviceIds);
            }
            default:
                throw r.error(at, "unknown stablehlo attribute code: " + Long.toUnsignedString(code));
        }
    }

    private static EnumAttr enumAttr(DialectReader r, StablehloEnum kind) throws BytecodeException {
        return new EnumAttr(kind, readEnumCase(r, kind));
    }

    private static List<Long> dims(DialectReader r) throws BytecodeException {
        long[] v = r.readSignedVarInts();
        List<Long> out = new ArrayList<>(v.length);
        for (long x : v) out.add(x);
        return out;
    }

    @Override
    public boolean writeAttribute(Attribute attribute, DialectWriter w) {
        if (attribute instanceof EnumAttr e) {
            int code = enumCode(e.kind());
            if (code < 0) return false;
            w.writeVarInt(code).writeVarInt(e.value());
        } else if (attribute instanceof ChannelHandleAttr a) {
            w.writeVarInt(CHANNEL_HANDLE).writeSignedVarInt(a.handle()).writeSignedVarInt(a.type());
        } else if (attribute instanceof ConvDimensionNumbersAttr a) {
            w.writeVarInt(CONV_DIMENSION_NUMBERS)
                    .writeSignedVarInt(a.inputBatchDimension())
                    .writeSignedVarInt(a.inputFeatureDimension());
            dims(w, a.inputSpatialDimensions());
            w.writeSignedVarInt(a.kernelInputFeatureDimension()).writeSignedVarInt(a.kernelOutputFeatureDimension());
            dims(w, a.kernelSpatialDimensions());
            w.writeSignedVarInt(a.outputBatchDimension()).writeSignedVarInt(a.outputFeatureDimension());
            dims(w, a.outputSpatialDimensions());
        } else if (attribute instanceof DotDimensionNumbersAttr a) {
            dimLists(w, DOT_DIMENSION_NUMBERS, a.lhsBatchingDimensions(), a.rhsBatchingDimensions(),
                    a.lhsContractingDimensions(), a.rhsContractingDimensions());
        } else if (attribute instanceof GatherDimensionNumbersAttr a) {
            dimLists(w, GATHER_DIMENSION_NUMBERS, a.offsetDims(), a.collapsedSliceDims(), a.operandBatchingDims(),
                    a.startIndicesBatchingDims(), a.startIndexMap()).writeSignedVarInt(a.indexVectorDim());
        } else if (attribute instanceof ScatterDimensionNumbersAttr a) {
            dimLists(w, SCATTER_DIMENSION_NUMBERS, a.updateWindowDims(), a.insertedWindowDims(),
                    a.inputBatchingDims(), a.scatterIndicesBatchingDims(), a.scatterDimsToOperandDims())
                    .writeSignedVarInt(a.indexVectorDim());
        } else if (attribute instanceof TypeExtensionsAttr a) {
            dimLists(w, TYPE_EXTENSIONS, a.bounds());
        } else if (attribute instanceof OutputOperandAliasAttr a) {
            dimLists(w, OUTPUT_OPERAND_ALIAS, a.outputTupleIndices()).writeSignedVarInt(a.operandIndex());
            dims(w, a.operandTupleIndices());
        } else if (attribute instanceof DotAlgorithmAttr a) {
            w.writeVarInt(DOT_ALGORITHM)
                    .writeType(a.lhsPrecisionType())
                    .writeType(a.rhsPrecisionType())
                    .writeType(a.accumulationType())
                    .writeSignedVarInt(a.lhsComponentCount())
                    .writeSignedVarInt(a.rhsComponentCount())
                    .writeSignedVarInt(a.numPrimitiveOperations())
                    .writeBool(a.allowImpreciseAccumulation());
        } else if (attribute instanceof ResultAccuracyAttr a) {
            w.writeVarInt(RESULT_ACCURACY)
                    .writeSignedVarInt(Double.doubleToRawLongBits(a.atol()))
                    .writeSignedVarInt(Double.doubleToRawLongBits(a.rtol()))
                    .writeSignedVarInt(a.ulps())
                    .writeAttribute(a.mode());
        } else if (attribute instanceof ReplicaGroupMeshAxesAttr a) {
            w.writeVarInt(REPLICA_GROUP_MESH_AXES).writeAttribute(a.mesh()).writeAttributes(a.axes().elements());
        } else if (attribute instanceof SubAxisInfoAttr a) {
            w.writeVarInt(SUB_AXIS_INFO).writeSignedVarInt(a.preSize()).writeSignedVarInt(a.size());
        } else if (attribute instanceof AxisRefAttr a) {
            w.writeVarInt(AXIS_REF).writeString(utf8(a.name())).writeBool(a.subAxisInfo() != null);
            if (a.subAxisInfo() != null) w.writeAttribute(a.subAxisInfo());
        } else if (attribute instanceof MeshAxisAttr a) {
            w.writeVarInt(MESH_AXIS).writeString(utf8(a.name())).writeSignedVarInt(a.size());
        } else if (attribute instanceof MeshAttr a) {
            w.writeVarInt(MESH).writeAttribute(new ArrayAttr(new ArrayList<>(a.axes())))
                    .writeBool(a.deviceIds() != null);
            if (a.deviceIds() != null) w.writeAttribute(a.deviceIds());
        } else {
            return false;
        }
        return true;
    }

    private static void dims(DialectWriter w, List<Long> values) {
        w.writeVarInt(values.size());
        for (long v : values) w.writeSignedVarInt(v);
    }

    /** An attribute that starts with dimension lists: its code, then each list; the writer, for what follows. */
    @SafeVarargs
    private static DialectWriter dimLists(DialectWriter w, int code, List<Long>... lists) {
        w.writeVarInt(code);
        for (List<Long> l : lists) dims(w, l);
        return w;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    // ---- Types ----------------------------------------------------------------------------------------------

    @Override
    public Type readType(DialectReader r) throws BytecodeException {
        int at = r.position();
        long code = r.readVarInt();
        if (code == TOKEN_TYPE) return TokenType.INSTANCE;
        if (code == FUTURE_TYPE) return new FutureType(r.readTypes());
        throw r.error(at, "unknown builtin type code: " + Long.toUnsignedString(code));
    }

    @Override
    public boolean writeType(Type type, DialectWriter w) {
        if (type instanceof TokenType) {
            w.writeVarInt(TOKEN_TYPE);
        } else if (type instanceof FutureType f) {
            w.writeVarInt(FUTURE_TYPE).writeTypes(f.types());
        } else {
            return false;
        }
        return true;
    }
}
