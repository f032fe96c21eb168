package org.stablehlo4j.asm;

import java.util.ArrayList;
import java.util.List;

/** Internal: aborts parsing at the first error; carries the character offset, the message and any notes. */
final class ParseError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int offset;
    /** Attached notes: character offset and message. */
    final List<Note> notes = new ArrayList<>();

    /** Further errors MLIR reports after this one (e.g. a custom parser's own message after a token error). */
    final List<ParseError> followUps = new ArrayList<>();

    record Note(int offset, String message) {}

    ParseError(int offset, String message) {
        super(message, null, false, false);
        this.offset = offset;
    }

    /** Attaches a note (like MLIR's {@code attachNote}) and returns this error. */
    ParseError withNote(int noteOffset, String message) {
        notes.add(new Note(noteOffset, message));
        return this;
    }
}
