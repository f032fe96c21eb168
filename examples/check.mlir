// A StableHLO program that checks its own result, as upstream's testdata does: try
//   ./stablehlo4j translate --interpret examples/check.mlir
//   ./stablehlo4j translate --serialize --target=1.9.0 examples/check.mlir -o /tmp/check.mlir.bc
//   ./stablehlo4j translate --deserialize /tmp/check.mlir.bc
func.func @main() -> tensor<3xf32> {
  %cst = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %cst_0 = stablehlo.constant dense<[2.0, 4.0, 6.0]> : tensor<3xf32>
  %0 = stablehlo.add %cst, %cst : tensor<3xf32>
  stablehlo.custom_call @check.expect_close(%0, %cst_0) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return %0 : tensor<3xf32>
}
