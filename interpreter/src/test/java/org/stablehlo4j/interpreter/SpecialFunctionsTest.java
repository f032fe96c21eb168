package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpecialFunctionsTest {
    @Test
    void knownValues() {
        assertEquals(Math.log(24), SpecialFunctions.lgamma(5), 1e-13);
        assertEquals(Math.log(Math.sqrt(Math.PI)), SpecialFunctions.lgamma(0.5), 1e-13);
        assertEquals(Math.log(2 * Math.sqrt(Math.PI)), SpecialFunctions.lgamma(-0.5), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, SpecialFunctions.lgamma(-3));
        assertEquals(-0.5772156649015329, SpecialFunctions.digamma(1), 1e-13);
        assertTrue(Double.isNaN(SpecialFunctions.digamma(-2)));
        assertEquals(0.5204998778130465, SpecialFunctions.erf(0.5), 1e-15);
        assertEquals(1.5374597944280349e-12, SpecialFunctions.erfc(5), 1e-24);
        assertEquals(1.9999999999984626, SpecialFunctions.erfc(-5), 1e-15);
        for (double x : new double[] {-2.2, -0.3, 0.01, 0.7, 1.9, 3.1}) {
            assertEquals(x, SpecialFunctions.erfInv(SpecialFunctions.erf(x)), 1e-9 * Math.max(1, Math.abs(x)));
        }
    }

    @Test
    void besselI1eMatchesReferenceValues() {
        // reference values of exp(-|x|) I1(x) from SciPy's i1e; 35 exercises the large-argument expansion
        assertEquals(0.15642080318487173, SpecialFunctions.besselI1e(0.5), 1e-15);
        assertEquals(-0.19682671329730084, SpecialFunctions.besselI1e(-3), 1e-15);
        assertEquals(0.06670443172949143, SpecialFunctions.besselI1e(35), 1e-15);
        assertEquals(0.0, SpecialFunctions.besselI1e(0));
        assertEquals(0.0, SpecialFunctions.besselI1e(Double.POSITIVE_INFINITY));
    }
}
