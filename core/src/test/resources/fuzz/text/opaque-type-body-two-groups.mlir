
// CHECK-LABEL: func private @future_type_multiple_ranked
// CHECK-SAME: !stablehlo.future<tensor<2x3xf32>, tensor<4xi32>>
func.func private @future_type_multiple_ranked() -> !stablehloltiple_<tensor<2x3xf32>, tensor<4xi32>>

