package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.AttrKind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.dialect.check.CheckOps;
import org.stablehlo4j.ir.OpDefinition.Arity;
import org.stablehlo4j.ir.OpDefinition.Presence;

/** Spot checks of op table rows against StablehloOps.td / CheckOps.td. */
class OpTableTest {
    @Test
    void elementwiseTemplateRows() {
        OpDefinition add = StablehloOps.spec("stablehlo.add");
        assertEquals(List.of("lhs", "rhs"), add.operands().stream().map(OpDefinition.ValueSpec::name).toList());
        assertTrue(add.hasTrait(OpTrait.COMMUTATIVE));
        assertTrue(add.hasTrait(OpTrait.ELEMENTWISE));
        assertEquals(ElementwiseOps.BINARY_FORMAT, add.assemblyFormat());
        OpDefinition sub = StablehloOps.spec("stablehlo.subtract");
        assertFalse(sub.hasTrait(OpTrait.COMMUTATIVE));
        OpDefinition cos = StablehloOps.spec("stablehlo.cosine");
        OpDefinition.AttrSpec acc = cos.attribute("result_accuracy");
        assertEquals(AttrKind.STRUCT, acc.kind());
        assertEquals("result_accuracy", acc.detail());
        assertEquals(Presence.DEFAULT_VALUED, acc.presence());
        assertEquals(ElementwiseOps.UNARY_FORMAT, cos.assemblyFormat());
        assertNull(StablehloOps.spec("stablehlo.negate").attribute("result_accuracy"));
    }

    @Test
    void customAndRegionRows() {
        OpDefinition w = StablehloOps.spec("stablehlo.while");
        assertTrue(w.customAssembly());
        assertNull(w.assemblyFormat());
        assertEquals(List.of("cond", "body"), w.regions().stream().map(OpDefinition.RegionSpec::name).toList());
        assertEquals(Arity.VARIADIC, w.operands().get(0).arity());
        OpDefinition c = StablehloOps.spec("stablehlo.case");
        assertTrue(c.regions().get(0).variadic());
        OpDefinition ret = StablehloOps.spec("stablehlo.return");
        assertTrue(ret.hasTrait(OpTrait.TERMINATOR));
        OpDefinition start = StablehloOps.spec("stablehlo.async_start");
        assertTrue(start.hasTrait(OpTrait.ISOLATED_FROM_ABOVE));
        OpDefinition reduce = StablehloOps.spec("stablehlo.reduce");
        assertTrue(reduce.hasTrait(OpTrait.SAME_VARIADIC_OPERAND_SIZE));
        assertTrue(reduce.customAssembly());
        // ops with neither a declarative nor a custom form print generically
        OpDefinition gather = StablehloOps.spec("stablehlo.gather");
        assertFalse(gather.customAssembly());
        assertNull(gather.assemblyFormat());
    }

    /** RegionRules states StableHLO's one terminator by name (the rules see no rows): the rows agree. */
    @Test
    void theOneTerminatorIsTheRulesOne() {
        List<String> terminators = StablehloOps.all().stream().filter(d -> d.hasTrait(OpTrait.TERMINATOR))
                .map(OpDefinition::name).toList();
        assertEquals(List.of(org.stablehlo4j.dialect.stablehlo.ops.ReturnOp.NAME), terminators);
    }

    @Test
    void attributeKindsAndDefaults() {
        OpDefinition cmp = StablehloOps.spec("stablehlo.compare");
        assertEquals(AttrKind.ENUM, cmp.attribute("comparison_direction").kind());
        assertEquals("comparison_direction", cmp.attribute("comparison_direction").detail());
        assertEquals(Presence.REQUIRED, cmp.attribute("comparison_direction").presence());
        assertEquals(Presence.OPTIONAL, cmp.attribute("compare_type").presence());
        OpDefinition cc = StablehloOps.spec("stablehlo.custom_call");
        assertEquals("API_VERSION_ORIGINAL", cc.attribute("api_version").defaultValue()
                .substring(cc.attribute("api_version").defaultValue().lastIndexOf(':') + 1));
        assertEquals(AttrKind.STRUCT_ARRAY, cc.attribute("output_operand_aliases").kind());
        OpDefinition sort = StablehloOps.spec("stablehlo.sort");
        assertEquals("-1", sort.attribute("dimension").defaultValue());
        OpDefinition ag = StablehloOps.spec("stablehlo.all_gather");
        assertEquals(AttrKind.UNIT, ag.attribute("use_global_device_ids").kind());
        assertEquals(AttrKind.REPLICA_GROUPS, ag.attribute("replica_groups").kind());
        assertEquals("non-negative", ag.attribute("all_gather_dim").detail());
    }

    @Test
    void registryKnowsInherentAttributes() {
        OpDefinition d = TestContexts.standard().opDefinition("stablehlo.compare");
        assertNotNull(d);
        assertEquals(List.of("comparison_direction", "compare_type"), d.inherentAttrs());
        assertTrue(d.hasPrettyForm());
        assertTrue(TestContexts.standard().isDialectRegistered("stablehlo"));
        assertTrue(TestContexts.standard().isDialectRegistered("check"));
        assertEquals(List.of("tolerance"), TestContexts.standard().opDefinition("check.expect_almost_eq").inherentAttrs());
        // generic-only ops are registered but have no pretty form
        assertFalse(TestContexts.standard().opDefinition("stablehlo.scatter").hasPrettyForm());
        assertNull(TestContexts.standard().opDefinition("stablehlo.no_such_op"));
        assertEquals(CheckOps.TABLE.all().size(), CheckOps.TABLE.all().stream().filter(s -> TestContexts.standard().opDefinition(s.name()) != null)
                .count());
    }
}
