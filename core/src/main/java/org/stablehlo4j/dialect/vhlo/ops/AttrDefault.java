package org.stablehlo4j.dialect.vhlo.ops;

/**
 * The value a VHLO attribute takes when it is not given: either a constant, written exactly as upstream's generic
 * printer writes the VHLO attribute, or a value computed from the op by a {@link Rule}.
 */
public sealed interface AttrDefault permits AttrDefault.Constant, AttrDefault.Computed {

    /** A constant default, e.g. {@code #vhlo.integer_v1<0 : i64>}. */
    record Constant(String vhloText) implements AttrDefault {}

    /** A default that depends on the op (its operands or other attributes). */
    record Computed(Rule rule) implements AttrDefault {}

    /** How a computed default is derived; N is given per rule. */
    enum Rule {
        /** {@code tensor<Nxi64>} of ones, N = number of input spatial dimensions (conv window attributes). */
        ONES_PER_SPATIAL_DIM,
        /** {@code tensor<Nx2xi64>} of zeros, N = number of input spatial dimensions (conv padding). */
        ZERO_PADDING_PER_SPATIAL_DIM,
        /** {@code tensor<Nxi1>} of false, N = number of input spatial dimensions (conv window_reversal). */
        FALSE_PER_SPATIAL_DIM,
        /** {@code tensor<Nxi64>} of ones, N = size of window_dimensions (reduce_window, select_and_scatter). */
        ONES_PER_WINDOW_DIM,
        /** {@code tensor<Nx2xi64>} of zeros, N = size of window_dimensions. */
        ZERO_PADDING_PER_WINDOW_DIM,
        /**
         * {@code tensor<Nx2xi64>} of zeros, N = rank of the lhs operand minus 2: the padding attribute upstream
         * fills in when downgrading dynamic_conv_v2 to v1 (its getDefaultConvPadding).
         */
        ZERO_PADDING_FROM_LHS_RANK,
        /**
         * custom_call backend_config: {@code #vhlo.dict_v1<{}>} when api_version is API_VERSION_TYPED_FFI,
         * otherwise {@code #vhlo.string_v1<"">} (StableHLO's getBackendConfigOrDefault).
         */
        BACKEND_CONFIG_FOR_API_VERSION
    }

    Constant FALSE = new Constant("#vhlo.bool_v1<false>");
    Constant ZERO_I64 = new Constant("#vhlo.integer_v1<0 : i64>");
    Constant MINUS_ONE_I64 = new Constant("#vhlo.integer_v1<-1 : i64>");
    Constant EMPTY_STRING = new Constant("#vhlo.string_v1<\"\">");
    Constant EMPTY_ARRAY = new Constant("#vhlo.array_v1<[]>");
    Constant EMPTY_DICT = new Constant("#vhlo.dict_v1<{}>");
    Constant EMPTY_I64_TENSOR = new Constant("#vhlo.tensor_v1<dense<> : tensor<0xi64>>");
    Constant NONE_TYPE = new Constant("#vhlo.type_v1<!vhlo.none_v1>");
    Constant COMPARISON_NOTYPE = new Constant("#vhlo<comparison_type_v1 NOTYPE>");
    Constant API_VERSION_ORIGINAL = new Constant("#vhlo<api_version_v1 API_VERSION_ORIGINAL>");
    Constant PRECISION_DEFAULT_PAIR =
            new Constant("#vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>");
    Constant DEFAULT_RESULT_ACCURACY = new Constant("#vhlo.result_accuracy_v1<atol = 0.000000e+00, "
            + "rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>");

    Computed ONES_PER_SPATIAL_DIM = new Computed(Rule.ONES_PER_SPATIAL_DIM);
    Computed ZERO_PADDING_PER_SPATIAL_DIM = new Computed(Rule.ZERO_PADDING_PER_SPATIAL_DIM);
    Computed FALSE_PER_SPATIAL_DIM = new Computed(Rule.FALSE_PER_SPATIAL_DIM);
    Computed ONES_PER_WINDOW_DIM = new Computed(Rule.ONES_PER_WINDOW_DIM);
    Computed ZERO_PADDING_PER_WINDOW_DIM = new Computed(Rule.ZERO_PADDING_PER_WINDOW_DIM);
    Computed ZERO_PADDING_FROM_LHS_RANK = new Computed(Rule.ZERO_PADDING_FROM_LHS_RANK);
    Computed BACKEND_CONFIG_FOR_API_VERSION = new Computed(Rule.BACKEND_CONFIG_FOR_API_VERSION);
}
