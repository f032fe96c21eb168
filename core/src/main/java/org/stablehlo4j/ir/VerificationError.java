package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * Thrown by a verifier rule (an op row's hook) at the first violated rule; the verifier turns it into a
 * diagnostic. Unchecked so that
 * verifier code reads like the rules it checks.
 */
public final class VerificationError extends RuntimeException {
    private final transient Location location;
    private final transient List<Diagnostic> notes = new ArrayList<>();
    private final transient List<VerificationError> followUps = new ArrayList<>();

    VerificationError(Location location, String message) {
        super(message, null, false, false);
        this.location = location;
    }

    /**
     * MLIR's {@code emitOpError}: the message prefixed with {@code 'op.name' op }.
     *
     * @param op the op
     * @param message the text after the prefix
     * @return the error
     */
    public static VerificationError op(Operation op, String message) {
        return new VerificationError(op.location(), "'" + op.name() + "' op " + message);
    }

    /**
     * MLIR's {@code emitOptionalError}/{@code emitError}: the message as given, at the location.
     *
     * @param location where the error is
     * @param message the text
     * @return the error
     */
    public static VerificationError at(Location location, String message) {
        return new VerificationError(location, message);
    }

    /**
     * Attaches a note (MLIR's {@code attachNote}).
     *
     * @param where where the note points
     * @param message the note's text
     * @return this error
     */
    public VerificationError note(Location where, String message) {
        notes.add(new Diagnostic(Diagnostic.Severity.NOTE, where, message, List.of()));
        return this;
    }

    /**
     * Adds an error reported right after this one (e.g. "failed to infer returned types" after the cause).
     *
     * @param next the follow-up error
     * @return this error
     */
    public VerificationError then(VerificationError next) {
        followUps.add(next);
        return this;
    }

    /** {@return this error as an error diagnostic with its notes (without follow-ups)} */
    public Diagnostic toDiagnostic() {
        return new Diagnostic(Diagnostic.Severity.ERROR, location, getMessage(), notes);
    }

    /** {@return this error and its follow-ups, in order} */
    public List<Diagnostic> toDiagnostics() {
        List<Diagnostic> out = new ArrayList<>();
        out.add(toDiagnostic());
        for (VerificationError f : followUps) out.addAll(f.toDiagnostics());
        return out;
    }
}
