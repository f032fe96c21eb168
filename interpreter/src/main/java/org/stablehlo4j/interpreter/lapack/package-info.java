/**
 * The LAPACK routines behind JAX's CPU custom calls ({@code lapack_?potrf_ffi}, {@code ?getrf}, {@code ?geqrf},
 * {@code ?orgqr}/{@code ?ungqr}, {@code ?syevd}/{@code ?heevd}, {@code ?sytrd}/{@code ?hetrd}, {@code ?gehrd},
 * {@code ?gees}, {@code ?geev}, {@code ?gesdd}, {@code ?gtsv}), in pure Java: {@link
 * org.stablehlo4j.interpreter.lapack.LapackKernels} is the entry point the interpreter's custom-call dispatch uses.
 *
 * <p>Outputs follow LAPACK's conventions where JAX relies on them: packed Householder reflectors with LAPACK's
 * {@code tau} (geqrf, gehrd, sytrd, fed back to orgqr), 1-based int32 pivot rows (getrf), untouched opposite
 * triangles (potrf, sytrd), ascending eigenvalues (syevd), descending singular values (gesdd), conjugate pairs
 * (re, +im) first (real geev/gees), standardized 2 x 2 blocks of the real Schur form, and info outputs (first
 * non-positive minor, first zero pivot, -4 for a non-finite geev input). Eigenvectors and singular vectors are
 * what any correct implementation may return (their signs/phases are normalized like LAPACK's: unit norm, largest
 * component real for geev), not bit-for-bit LAPACK's.
 *
 * <p>Everything computes in double precision on a complex matrix type whose real instances stay real, so one code
 * path serves s/d/c/z; the caller rounds to f32/c64 once. EJML was considered and not used: its decompositions
 * keep their own storage and reflector scaling (not LAPACK's tau), it has no complex Hermitian eigensolver, complex
 * SVD or Schur form, and its real eigen decomposition does not expose the Schur vectors — so the packed forms, the
 * complex routines and gees/geev needed this code anyway, and a second path for the real cases would only add a
 * dependency. The algorithms: Householder QR / Hessenberg / tridiagonal reduction, right-looking LU with partial
 * pivoting, Cholesky, cyclic Jacobi (Hermitian eigen), one-sided Jacobi (SVD), complex single-shift and real
 * Francis double-shift QR (Schur), triangular back-substitution (eigenvectors), LAPACK's gtsv elimination.
 */
package org.stablehlo4j.interpreter.lapack;
