package org.stablehlo4j.verify;

import static org.stablehlo4j.verify.VerifyTests.*;
import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;

/** Rules of the collective, token, tuple, async and extension-point ops that upstream's test files do not reach. */
class CollectiveRulesTest {
    /** All diagnostics of the first verifier failure, each as "line: message" (notes prefixed "note "). */
    private static List<String> errors(String text) throws DiagnosticException {
        return locatedErrors(parseAllowingUnregistered(text), true);
    }

    private static String error(String text) throws DiagnosticException {
        return firstLocatedError(text);
    }

    /** Asserts, triple by triple, the first error of a function: message, then its parameters and body. */
    private static void expectFirstErrors(String... messageParamsBody) throws DiagnosticException {
        for (int i = 0; i < messageParamsBody.length; i += 3) {
            assertEquals(messageParamsBody[i], error(fn(messageParamsBody[i + 1], messageParamsBody[i + 2])));
        }
    }

    private static final String ADD_REDUCER = "({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
            + "    %s = stablehlo.add %x, %y : tensor<f32>\n    stablehlo.return %s : tensor<f32>\n  })";

    @Test
    void splatReplicaGroupsAreNotExpanded() {
        // 2^40 ids in one splat: checked without reading (or allocating) them one by one.
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            assertEquals("2: replica id #0 seen more than once", error(fn("%a: tensor<4xf32>",
                    "  %0 = \"stablehlo.all_gather\"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<0> : "
                            + "tensor<1048576x1048576xi64>} : (tensor<4xf32>) -> tensor<8xf32>")));
            // All-padding groups of an op whose groups may differ in size hold no ids at all.
            valid(fn("%a: tensor<4xf32>", "  %0 = \"stablehlo.all_reduce\"(%a) " + ADD_REDUCER
                    + " {replica_groups = dense<-1> : tensor<1048576x1048576xi64>} : (tensor<4xf32>) -> tensor<4xf32>"));
            assertEquals("2: duplicate sources not allowed.", error(fn("%a: tensor<4xf32>",
                    "  %0 = \"stablehlo.collective_permute\"(%a) {source_target_pairs = dense<3> : "
                            + "tensor<1048576x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>")));
        });
    }

    @Test
    void replicaGroupRules() throws DiagnosticException {
        expectFirstErrors("2: Invalid replica id -1", "%a: tensor<4xf32>",
                "  %0 = \"stablehlo.all_gather\"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, -1]]> : "
                        + "tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>",
                "2: if `use_global_device_ids` is set, the replica groups cannot be empty", "%a: tensor<4xf32>",
                "  %0 = \"stablehlo.all_gather\"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<0> : "
                        + "tensor<2x0xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<8xf32>");
        // Padding is allowed where groups may differ in size.
        valid(fn("%a: tensor<4xf32>", "  %0 = \"stablehlo.all_reduce\"(%a) " + ADD_REDUCER
                + " {replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>"));
        assertEquals("2: replica groups should be a rank 2 tensor,but instead it is of rank 1", error(fn(
                "%a: tensor<4xf32>", "  %0 = \"stablehlo.collective_broadcast\"(%a) {replica_groups = dense<[0, 1]> "
                        + ": tensor<2xi64>} : (tensor<4xf32>) -> tensor<4xf32>")));
        assertEquals("2: replica_groups values must be positive, but was given -2", error(fn("%a: tensor<4xf32>",
                "  %0 = \"stablehlo.collective_broadcast\"(%a) {replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>}"
                        + " : (tensor<4xf32>) -> tensor<4xf32>")));
        // Mesh-axes groups referring to a symbol that is not a function are still fine: only existence counts.
        valid("func.func private @mesh()\n" + fn("%a: tensor<4xf32>", "  %0 = \"stablehlo.all_to_all\"(%a) {"
                + "split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = "
                + "#stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = \"x\">]>} : "
                + "(tensor<4xf32>) -> tensor<4xf32>"));
        assertEquals("3: 'stablehlo.all_to_all' op replica_groups: mesh symbol 'nomesh' not found",
                error("func.func private @mesh()\n" + fn("%a: tensor<4xf32>", "  %0 = \"stablehlo.all_to_all\"(%a)"
                        + " {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, "
                        + "replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = []>} : "
                        + "(tensor<4xf32>) -> tensor<4xf32>")));
    }

    @Test
    void allToAllInfersBoundsAndDynamicSizes() throws DiagnosticException {
        String op = "  %0 = \"stablehlo.all_to_all\"(%a) {split_dimension = 0 : i64, concat_dimension = 1 : i64, "
                + "split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : ";
        valid(fn("%a: tensor<16x?xf32, #stablehlo.bounds<?, 5>>",
                op + "(tensor<16x?xf32, #stablehlo.bounds<?, 5>>) -> tensor<4x?xf32, #stablehlo.bounds<?, 20>>"));
        // The scaled bound (20) admits 20 but not 21.
        assertEquals("2: 'stablehlo.all_to_all' op inferred type(s) 'tensor<4x?xf32, #stablehlo.bounds<?, 20>>' are "
                        + "incompatible with return type(s) of operation 'tensor<4x21xf32>'",
                error(fn("%a: tensor<16x?xf32, #stablehlo.bounds<?, 5>>",
                        op + "(tensor<16x?xf32, #stablehlo.bounds<?, 5>>) -> tensor<4x21xf32>")));
        valid(fn("%a: tensor<?x3xf32>", op + "(tensor<?x3xf32>) -> tensor<?x12xf32>"));
    }

    @Test
    void collectiveShapes() throws DiagnosticException {
        assertEquals("2: non scatter dimensions should be same for operand (4) and result (3)", error(fn(
                "%a: tensor<4x16xf32>", "  %0 = \"stablehlo.reduce_scatter\"(%a) " + ADD_REDUCER
                        + " {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 1 : i64}"
                        + " : (tensor<4x16xf32>) -> tensor<3x4xf32>")));
        // A dynamic scatter dimension leaves the sizes unchecked.
        valid(fn("%a: tensor<4x?xf32>", "  %0 = \"stablehlo.reduce_scatter\"(%a) " + ADD_REDUCER
                + " {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 1 : i64}"
                + " : (tensor<4x?xf32>) -> tensor<3x4xf32>"));
        assertEquals("2: 'stablehlo.all_reduce' op inferred type(s) 'tensor<4xf32>' are incompatible with return "
                + "type(s) of operation 'tensor<4xi32>'", error(fn("%a: tensor<4xf32>",
                "  %0 = \"stablehlo.all_reduce\"(%a) " + ADD_REDUCER + " {replica_groups = dense<[[0, 1]]> : "
                        + "tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xi32>")));
        assertEquals("2: last operand of collective_reduce with has_dynamic_root=true must be a rank-1 i32 tensor, "
                + "but got 'tensor<1xi64>'", error(fn("%a: tensor<4xf32>, %r: tensor<1xi64>",
                "  %0 = \"stablehlo.collective_reduce\"(%a, %r) " + ADD_REDUCER + " {replica_groups = dense<[[0, 1]]>"
                        + " : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xf32>, tensor<1xi64>) -> tensor<4xf32>")));
        valid(fn("%a: tensor<4xf32>, %r: tensor<1xi32>", "  %0 = \"stablehlo.collective_broadcast\"(%a, %r) "
                + "{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : "
                + "(tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>"));
    }

    @Test
    void asyncAndTuples() throws DiagnosticException {
        assertEquals("2: 'stablehlo.async_start' op region must return exactly one value, but got 2",
                error(fn("%a: tensor<4xf32>", "  %0 = \"stablehlo.async_start\"(%a) ({\n"
                        + "  ^bb0(%x: tensor<4xf32>):\n"
                        + "    %1 = stablehlo.slice %x [0:2] : (tensor<4xf32>) -> tensor<2xf32>\n"
                        + "    \"stablehlo.return\"(%1, %1) : (tensor<2xf32>, tensor<2xf32>) -> ()\n"
                        + "  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<2xf32>>")));
        assertEquals(List.of("2: 'stablehlo.async_done' op future must have exactly one type parameter, but got 2",
                        "2: 'stablehlo.async_done' op failed to infer returned types"),
                errors(fn("%a: !stablehlo.future<tensor<4xf32>, tensor<4xf32>>", "  %0 = \"stablehlo.async_done\"(%a)"
                        + " : (!stablehlo.future<tensor<4xf32>, tensor<4xf32>>) -> tensor<4xf32>")));
        assertEquals("2: 'stablehlo.get_tuple_element' op inferred type(s) 'tuple<tensor<f32>>' are incompatible "
                + "with return type(s) of operation 'tensor<f32>'", error(fn("%t: tuple<tuple<tensor<f32>>>",
                "  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tuple<tensor<f32>>>) -> tensor<f32>")));
        valid(fn("%a: tensor<f32>, %k: !stablehlo.token", "  %0 = stablehlo.tuple %a, %k : "
                + "tuple<tensor<f32>, !stablehlo.token>\n  %1 = stablehlo.after_all %k, %k : !stablehlo.token\n"
                + "  %2 = stablehlo.replica_id : tensor<ui32>\n  %3 = stablehlo.create_token : !stablehlo.token"));
        assertEquals("2: 'stablehlo.collective_permute' op inferred type(s) 'tensor<4xf32>' are incompatible with "
                + "return type(s) of operation 'tensor<5xf32>'", error(fn("%a: tensor<4xf32>",
                "  %0 = \"stablehlo.collective_permute\"(%a) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}"
                        + " : (tensor<4xf32>) -> tensor<5xf32>")));
    }

    @Test
    void calls() throws DiagnosticException {
        String callee = "func.func @g(%a: tensor<f32>) -> tensor<f32> {\n  func.return %a : tensor<f32>\n}\n";
        assertEquals("5: 'func.call' op 'h' does not reference a valid function", error(callee
                + fn("%a: tensor<f32>", "  %0 = func.call @h(%a) : (tensor<f32>) -> tensor<f32>")));
        assertEquals("5: 'func.call' op operand type mismatch: expected operand type 'tensor<f32>', but provided "
                + "'tensor<i32>' for operand number 0", error(callee + fn("%a: tensor<i32>",
                "  %0 = func.call @g(%a) : (tensor<i32>) -> tensor<f32>")));
        assertEquals(List.of("5: 'func.call' op result type mismatch at index 0",
                        "note 5:       op result types: 'tensor<i32>'",
                        "note 5: function result types: 'tensor<f32>'"),
                errors(callee + fn("%a: tensor<f32>", "  %0 = func.call @g(%a) : (tensor<f32>) -> tensor<i32>")));
        valid(callee + fn("%a: tensor<f32>", "  %0 = func.call @g(%a) : (tensor<f32>) -> tensor<f32>"));
    }

    @Test
    void customCalls() throws DiagnosticException {
        expectFirstErrors("2: 'stablehlo.custom_call' op CreateBuffer custom_call should have one result", "",
                "  %0:2 = \"stablehlo.custom_call\"() {call_target_name = \"CreateBuffer\"} : () -> "
                        + "(memref<2xf32>, memref<2xf32>)",
                "2: 'stablehlo.custom_call' op Unpin custom_call should have a memref input", "%a: tensor<2xf32>",
                "  %0 = \"stablehlo.custom_call\"(%a) {call_target_name = \"Unpin\"} : "
                        + "(tensor<2xf32>) -> tensor<2xf32>");
        valid(fn("%a: tensor<2xf32>", "  %0 = \"stablehlo.custom_call\"(%a) {call_target_name = \"Pin\", "
                + "output_operand_aliases = []} : (tensor<2xf32>) -> memref<?xf32>"));
        // Layouts may be given for unranked operands without being checked against a rank.
        valid(fn("%a: tensor<*xf32>", "  %0 = \"stablehlo.custom_call\"(%a) {call_target_name = \"foo\", "
                + "operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[0]> : "
                + "tensor<1xindex>]} : (tensor<*xf32>) -> tensor<2xf32>"));
        assertEquals("2: 'stablehlo.custom_call' op incorrect layout dense<[0, 2]> : tensor<2xindex> for type "
                + "'tensor<2x3xf32>', layout must be a permutation of [0, 2)", error(fn("%a: tensor<2x3xf32>",
                "  \"stablehlo.custom_call\"(%a) {call_target_name = \"foo\", operand_layouts = [dense<[0, 2]> : "
                        + "tensor<2xindex>], result_layouts = []} : (tensor<2x3xf32>) -> ()")));
    }
}
