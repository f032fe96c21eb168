package org.stablehlo4j.asm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.stablehlo4j.asm.OpAsmParser.Argument;
import org.stablehlo4j.asm.OpAsmParser.LocationRef;
import org.stablehlo4j.asm.OpAsmParser.UnresolvedOperand;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.OperationName;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * Parses operations, regions and blocks (generic form plus the custom forms of the builtin and func ops), the
 * top level with alias definitions and the {@code {-# ... #-}} resource section, and resolves SSA names,
 * block labels and forward {@code #loc} alias references.
 */
final class OperationParser {
    final ParserState in;
    final TypeParser types;
    final AttributeParser attributes;
    final SsaScope ssa;

    private static final String UNREGISTERED_DIALECT_MESSAGE = "operation being parsed with an unregistered dialect. "
            + "If this is intended, please use -allow-unregistered-dialect with the MLIR tool used";

    private record Deferred(String alias, int offset, Consumer<Location> setter) {}

    private final ArrayDeque<String> defaultDialects = new ArrayDeque<>();
    private final List<Deferred> deferredLocs = new ArrayList<>();

    OperationParser(org.stablehlo4j.ir.Context context, String text, ParseOptions options) {
        this.in = new ParserState(text, options);
        this.types = new TypeParser(in, context);
        this.attributes = new AttributeParser(types);
        this.ssa = new SsaScope(in);
    }

    // =====================================================================================================
    // Top level
    // =====================================================================================================

    ModuleOp parseModule() {
        Location fileLoc = in.options.firstLine() <= 1
                ? new Location.FileLineCol(in.bufferNameAttr(), 0, 0, 0, 0, false)
                : new Location.FileLineCol(in.bufferNameAttr(), in.options.firstLine(), 1, in.options.firstLine(), 1, false);
        ModuleOp implicit = ModuleOp.empty(types.mlirContext, fileLoc);
        Block top = implicit.body();
        Map<String, Map<String, ResourceBlob>> dialectResources = new LinkedHashMap<>();
        Map<String, Map<String, String>> externalResources = new LinkedHashMap<>();
        ssa.pushRegionScope(true);
        defaultDialects.push(BuiltinOps.DIALECT);
        while (!in.is(Kind.EOF)) {
            switch (in.tok.kind) {
                case HASH_IDENTIFIER -> parseAliasDefinition(false);
                case EXCLAMATION_IDENTIFIER -> parseAliasDefinition(true);
                case FILE_METADATA_BEGIN -> parseFileMetadata(dialectResources, externalResources);
                default -> parseOperation(top);
            }
        }
        ssa.popRegionScope(true);
        for (Deferred d : deferredLocs) {
            Attribute a = in.attributeAliases.get(d.alias());
            if (a == null) throw ParserState.errorAt(d.offset(), "operation location alias was never defined");
            if (!(a instanceof Location l)) throw ParserState.errorAt(d.offset(), "expected location, but found '" + ParserState.show(a) + "'");
            d.setter().accept(l);
        }
        ModuleOp module = implicit;
        if (top.operations().size() == 1 && ModuleOp.isModule(top.operations().get(0))) {
            Operation only = top.operations().get(0);
            top.remove(only);
            module = new ModuleOp(only);
        }
        module.dialectResources().putAll(dialectResources);
        module.externalResources().putAll(externalResources);
        return module;
    }

    private void parseAliasDefinition(boolean isType) {
        String id = in.text.substring(in.tok.start + 1, in.tok.end);
        if (id.indexOf('.') >= 0) {
            throw in.error(isType ? "type names with a '.' are reserved for dialect-defined names"
                    : "attribute names with a '.' are reserved for dialect-defined names");
        }
        if (isType ? in.typeAliases.containsKey(id) : in.attributeAliases.containsKey(id)) {
            throw in.error("redefinition of " + (isType ? "type" : "attribute") + " alias id '" + id + "'");
        }
        in.consume();
        in.expect(Kind.EQUAL, isType ? "expected '=' in type alias definition"
                : "expected '=' in attribute alias definition");
        if (isType) in.typeAliases.put(id, types.parseType());
        else in.attributeAliases.put(id, types.parseAttribute(null));
    }

    /** {@code {-# dialect_resources: {...}, external_resources: {...} #-}} */
    private void parseFileMetadata(Map<String, Map<String, ResourceBlob>> dialectResources,
                                   Map<String, Map<String, String>> externalResources) {
        in.consume();
        if (in.consumeIf(Kind.FILE_METADATA_END)) return;
        do {
            String key = parseKeyAndColon("expected identifier key in file metadata dictionary");
            switch (key) {
                case "dialect_resources" -> parseResourceSection(dialectResources, null);
                case "external_resources" -> parseResourceSection(null, externalResources);
                default -> throw ParserState.errorAt(in.prevEnd - key.length(), "unknown key '" + key
                        + "' in file metadata dictionary");
            }
        } while (in.consumeIf(Kind.COMMA));
        in.expect(Kind.FILE_METADATA_END, "expected '#-}'");
    }

    /** A bare identifier key and the {@code :} after it; {@code missing} is the error when there is no key. */
    private String parseKeyAndColon(String missing) {
        if (!in.is(Kind.BARE_IDENTIFIER)) throw in.wrongToken(missing);
        String key = in.spelling();
        in.consume();
        in.expect(Kind.COLON, "expected ':'");
        return key;
    }

    private void parseResourceSection(Map<String, Map<String, ResourceBlob>> blobs, Map<String, Map<String, String>> raw) {
        in.expect(Kind.L_BRACE, "expected '{'");
        if (in.consumeIf(Kind.R_BRACE)) return;
        do {
            String owner = parseKeyAndColon("expected identifier key for 'resource' entry");
            in.expect(Kind.L_BRACE, "expected '{'");
            if (!in.consumeIf(Kind.R_BRACE)) {
                do {
                    String key;
                    if (in.is(Kind.BARE_IDENTIFIER)) key = in.spelling();
                    else if (in.is(Kind.STRING)) key = in.lex.stringValue(in.tok);
                    else throw in.wrongToken("expected identifier key for 'resource' entry");
                    in.consume();
                    in.expect(Kind.COLON, "expected ':'");
                    if (blobs != null) {
                        if (!in.is(Kind.STRING) || !in.text.startsWith("\"0x", in.tok.start)) {
                            throw in.wrongToken("expected hex string blob for key '" + key + "'");
                        }
                        byte[] data = DenseParser.decodeHex(in, in.tok);
                        if (data.length < 4) throw in.error("expected hex string blob with an alignment prefix");
                        long align = (data[0] & 0xFFL) | (data[1] & 0xFFL) << 8 | (data[2] & 0xFFL) << 16
                                | (data[3] & 0xFFL) << 24;
                        blobs.computeIfAbsent(owner, k -> new LinkedHashMap<>())
                                .put(key, new ResourceBlob(align, data, 4, data.length - 4));
                    } else {
                        raw.computeIfAbsent(owner, k -> new LinkedHashMap<>()).put(key, in.spelling());
                    }
                    in.consume();
                } while (in.consumeIf(Kind.COMMA));
                in.expect(Kind.R_BRACE, "expected '}'");
            }
        } while (in.consumeIf(Kind.COMMA));
        in.expect(Kind.R_BRACE, "expected '}'");
    }

    // =====================================================================================================
    // Operations
    // =====================================================================================================

    private void parseOperation(Block block) {
        int opStart = in.tok.start;
        int base = ssa.groupTop;
        int total = 0;
        if (in.is(Kind.PERCENT_IDENTIFIER)) {
            do {
                if (!in.is(Kind.PERCENT_IDENTIFIER)) throw in.wrongToken("expected valid ssa identifier");
                int at = in.tok.start;
                int len = in.tok.end - at;
                in.consume();
                int count = 1;
                if (in.consumeIf(Kind.COLON)) {
                    if (!in.is(Kind.INTEGER)) throw in.wrongToken("expected integer number of results");
                    java.math.BigInteger n = types.integerTokenValue(in.tok);
                    if (n == null || n.signum() == 0 || n.bitLength() > 30) {
                        throw in.error("expected named operation to have at least 1 result");
                    }
                    count = n.intValue();
                    in.consume();
                }
                ssa.pushResultGroup(at, len, count);
                total += count;
            } while (in.consumeIf(Kind.COMMA));
            in.expect(Kind.EQUAL, "expected '=' after SSA name");
        }
        Operation op;
        if (in.is(Kind.STRING)) {
            in.openOp(opStart);
            op = parseGenericOperation(opStart);
            in.closeOp();
        } else if (in.is(Kind.BARE_IDENTIFIER)) {
            in.openOp(opStart);
            op = parseCustomOperation(opStart, total);
            in.closeOp();
        } else {
            throw in.wrongToken("expected operation name in quotes");
        }
        if (ssa.groupTop > base) {
            if (total != op.numResults()) {
                throw ParserState.errorAt(opStart, "operation defines " + op.numResults() + " results but was provided " + total
                        + " to bind");
            }
            ssa.defineResults(base, op);
        }
        block.append(op);
    }

    private void checkRegistered(String name, int nameAt, int opStart) {
        if (types.mlirContext.opDefinition(name) != null) return;
        int dot = name.indexOf('.');
        String dialect = dot < 0 ? "" : name.substring(0, dot);
        org.stablehlo4j.ir.Dialect loaded = dialect.isEmpty() ? null : types.mlirContext.getOrLoadDialect(dialect);
        if (loaded != null) {
            if (loaded.allowsUnknownOperations()) return;
            throw ParserState.errorAt(opStart, "unregistered operation '" + name + "' found in dialect ('" + dialect
                    + "') that does not allow unknown operations");
        }
        if (!in.options.allowUnregisteredDialect() && !types.mlirContext.allowsUnregisteredDialects()) {
            throw ParserState.errorAt(nameAt, UNREGISTERED_DIALECT_MESSAGE);
        }
    }

    /**
     * A quoted op name met before: the name (the row's own String when registered), its row or null, and the
     * text of the last simple type (see {@link #sameTypeText}) an op of this name had, with that type.
     */
    private static final class OpName {
        final OperationName opName;
        final String name;
        final OpDefinition def;
        int typeStart = -1;
        int typeLen;
        int typeOpens;
        Type type;

        OpName(OperationName opName) {
            this.opName = opName;
            this.name = opName.name();
            this.def = opName.definition();
        }
    }

    /** Quoted op names by their token text; an entry is made once the name passed {@link #checkRegistered}. */
    private SpanTable<OpName> opNames;

    /** The op name of the string token at the current position, checked to be a usable op once per spelling. */
    private OpName genericOpName(int opStart) {
        int at = in.tok.start;
        int len = in.tok.end - at;
        char[] buf = in.lex.buffer();
        int hash = SpanTable.hash(buf, at, len);
        if (opNames == null) opNames = new SpanTable<>(buf);
        OpName known = opNames.get(at, len, hash);
        if (known != null) return known;
        String name = in.lex.stringValue(in.tok);
        if (name.isEmpty()) throw in.error("empty operation name is invalid");
        checkRegistered(name, at, opStart);
        OpName on = new OpName(types.mlirContext.opName(name));
        opNames.put(at, len, hash, on);
        return on;
    }

    private Operation parseGenericOperation(int opStart) {
        OpName on = genericOpName(opStart);
        in.consume();
        in.expect(Kind.L_PAREN, "expected '(' to start operand list");
        int base = ssa.useTop;
        if (in.is(Kind.PERCENT_IDENTIFIER)) {
            do {
                ssa.pushSsaUse();
            } while (in.consumeIf(Kind.COMMA));
        }
        int numOperands = (ssa.useTop - base) / 3;
        in.expect(Kind.R_PAREN, "expected ')' to end operand list");
        List<Block> successors = List.of();
        if (in.consumeIf(Kind.L_SQUARE)) {
            successors = new ArrayList<>();
            do {
                successors.add(ssa.parseSuccessor());
            } while (in.consumeIf(Kind.COMMA));
            in.expect(Kind.R_SQUARE, "expected ']' to end successor list");
        }
        DictionaryAttr props = DictionaryAttr.EMPTY;
        if (in.consumeIf(Kind.LESS)) {
            int at = in.tok.start;
            Attribute a = types.parseAttribute(null);
            if (!(a instanceof DictionaryAttr d)) throw ParserState.errorAt(at, "expected a dictionary of properties");
            props = d;
            in.expect(Kind.GREATER, "expected '>' to close properties");
        }
        List<List<Block>> regions = List.of();
        if (in.consumeIf(Kind.L_PAREN)) {
            regions = new ArrayList<>();
            do {
                // as upstream's parser: a region in the generic form is no isolated name scope, whatever the op
                // (values from outside an isolated-from-above op are the verifier's to report)
                regions.add(parseRegion(false, null));
            } while (in.consumeIf(Kind.COMMA));
            in.expect(Kind.R_PAREN, "expected ')' to end region list");
        }
        DictionaryAttr attrs = in.is(Kind.L_BRACE) ? attributes.parseDictionary() : DictionaryAttr.EMPTY;
        in.expect(Kind.COLON, "expected ':' followed by operation type");
        int typeAt = in.tok.start;
        Type t;
        if (on.typeStart >= 0 && types.sameTypeText(on.typeStart, on.typeLen, on.typeOpens)) {
            // ops of one name mostly repeat their type: compared as text, without scanning or hashing it
            t = on.type;
        } else {
            types.lastSimpleStart = -1;
            t = types.parseType();
            if (types.lastSimpleStart == typeAt) {
                on.typeStart = typeAt;
                on.typeLen = in.prevEnd - typeAt;
                on.typeOpens = types.lastSimpleOpens;
                on.type = t;
            }
        }
        if (!(t instanceof FunctionType ft)) throw ParserState.errorAt(typeAt, "expected function type");
        List<Type> inputs = ft.inputs();
        if (numOperands != inputs.size()) {
            throw ParserState.errorAt(typeAt, "expected " + numOperands + " operand type" + (numOperands == 1 ? "" : "s")
                    + " but had " + inputs.size());
        }
        List<Value> operands = ssa.resolveUses(base, inputs);
        return finishOp(on.opName, operands, ft.results(), props, attrs, regions, successors, opStart);
    }


    /** Creates the op (moving inherent attributes into properties), attaches regions and the location. */
    private Operation finishOp(OperationState state, int opStart) {
        return finishOp(types.mlirContext.opName(state.name()), state.operands(), state.resultTypes(),
                state.properties(), state.attributes(), state.regions(), state.successors(), opStart);
    }

    private Operation finishOp(OperationName name, List<Value> operands, List<Type> resultTypes,
                               DictionaryAttr props, DictionaryAttr attrs, List<List<Block>> regions,
                               List<Block> successors, int opStart) {
        OpDefinition def = name.definition();
        if (def != null && !attrs.isEmpty()) {
            List<NamedAttribute> keep = new ArrayList<>();
            for (NamedAttribute na : attrs.entries()) {
                if (def.isInherent(na.name())) {
                    if (props.get(na.name()) == null) props = props.with(na.name(), na.value());
                } else {
                    keep.add(na);
                }
            }
            attrs = DictionaryAttr.of(keep);
        }
        Operation op = Operation.create(name, operands, resultTypes, props, attrs,
                regions.size(), successors, in.locationOf(opStart));
        for (int i = 0; i < regions.size(); i++) {
            for (Block b : regions.get(i)) op.region(i).append(b);
        }
        LocationRef loc = parseOptionalLocationSpecifier();
        if (loc != null) applyLocation(loc, op::setLocation);
        return op;
    }

    LocationRef parseOptionalLocationSpecifier() {
        if (!in.isKeyword("loc")) return null;
        in.consume();
        in.expect(Kind.L_PAREN, "expected '(' in location");
        LocationRef ref;
        if (in.is(Kind.HASH_IDENTIFIER)) {
            String id = in.text.substring(in.tok.start + 1, in.tok.end);
            boolean trailing = in.tok.end < in.text.length() && in.text.charAt(in.tok.end) == '<';
            if (in.attributeAliases.containsKey(id) || id.indexOf('.') >= 0 || trailing) {
                ref = new LocationRef(attributes.parseLocationInstance(), null, 0);
            } else {
                ref = new LocationRef(null, id, in.tok.start);
                in.consume();
            }
        } else {
            ref = new LocationRef(attributes.parseLocationInstance(), null, 0);
        }
        in.expect(Kind.R_PAREN, "expected ')' in location");
        return ref;
    }

    private void applyLocation(LocationRef ref, Consumer<Location> setter) {
        if (ref.location() != null) setter.accept(ref.location());
        else deferredLocs.add(new Deferred(ref.alias(), ref.offset(), setter));
    }

    // =====================================================================================================
    // Regions and blocks
    // =====================================================================================================

    /**
     * region ::= '{' block* '}'; returns the blocks in order. As in MLIR, {@code {}} is an empty region unless
     * there are entry arguments to give a block.
     */
    private List<Block> parseRegion(boolean isolated, List<Argument> entryArgs) {
        if (entryArgs != null && entryArgs.isEmpty()) entryArgs = null;
        in.enter();
        in.expect(Kind.L_BRACE, "expected '{' to begin a region");
        ssa.pushRegionScope(isolated);
        List<Block> blocks = new ArrayList<>();
        if (entryArgs != null) {
            if (in.is(Kind.CARET_IDENTIFIER)) throw in.error("invalid block name in region with named arguments");
            Block entry = new Block();
            for (Argument a : entryArgs) {
                if (a.name() == null) throw ParserState.errorAt(a.offset(), "expected named arguments for a region");
                BlockArgument arg = entry.addArgument(a.type(), in.locationOf(a.offset()));
                if (a.location() != null) applyLocation(a.location(), arg::setLocation);
                ssa.defineValue(a.name(), 0, arg, a.offset());
            }
            blocks.add(entry);
            parseBlockBody(entry);
        } else if (!in.is(Kind.R_BRACE) && !in.is(Kind.CARET_IDENTIFIER)) {
            Block entry = new Block();
            blocks.add(entry);
            parseBlockBody(entry);
        }
        while (!in.is(Kind.R_BRACE)) {
            Block b = parseBlockLabel();
            blocks.add(b);
            parseBlockBody(b);
        }
        in.consume();
        ssa.popRegionScope(isolated);
        in.leave();
        return blocks;
    }

    private void parseBlockBody(Block block) {
        while (!in.is(Kind.R_BRACE) && !in.is(Kind.CARET_IDENTIFIER)) {
            if (in.is(Kind.EOF)) throw in.wrongToken("expected '}' to end region");
            parseOperation(block);
        }
    }

    /** block-label ::= caret-id ('(' arg (',' arg)* ')')? ':' */
    private Block parseBlockLabel() {
        if (!in.is(Kind.CARET_IDENTIFIER)) throw in.wrongToken("expected block name");
        String name = in.spelling();
        int at = in.tok.start;
        SsaScope.BlockDef def = ssa.blockScopes.peek().computeIfAbsent(name, k -> new SsaScope.BlockDef(at));
        if (def.defined) throw in.error("redefinition of block '" + name + "'");
        def.defined = true;
        in.consume();
        if (in.consumeIf(Kind.L_PAREN)) {
            if (!in.consumeIf(Kind.R_PAREN)) {
                do {
                    if (!in.is(Kind.PERCENT_IDENTIFIER)) throw in.wrongToken("expected SSA identifier");
                    String argName = in.spelling();
                    int argAt = in.tok.start;
                    in.consume();
                    in.expect(Kind.COLON, "expected ':' and type for SSA operand");
                    Type type = types.parseType();
                    BlockArgument arg = def.block.addArgument(type, in.locationOf(argAt));
                    LocationRef loc = parseOptionalLocationSpecifier();
                    if (loc != null) applyLocation(loc, arg::setLocation);
                    ssa.defineValue(argName, 0, arg, argAt);
                } while (in.consumeIf(Kind.COMMA));
                in.expect(Kind.R_PAREN, "expected ')' to end argument list");
            }
        }
        in.expect(Kind.COLON, "expected ':' after block name");
        return def.block;
    }

    // =====================================================================================================
    // Custom forms
    // =====================================================================================================

    private Operation parseCustomOperation(int opStart, int resultCount) {
        String name = in.spelling();
        String dialect = defaultDialects.isEmpty() ? "" : defaultDialects.peek();
        String full = null;
        CustomOpParser parser = null;
        if (name.indexOf('.') >= 0) {
            full = name;
            parser = customParser(name);
        } else {
            for (String prefix : new String[] {dialect, "builtin"}) {
                if (parser == null && !prefix.isEmpty()) {
                    full = prefix + "." + name;
                    parser = customParser(full);
                }
            }
        }
        if (parser == null) {
            // Pretty forms from declarative assembly formats (asm.format), registered per op.
            String candidate = name.indexOf('.') >= 0 || dialect.isEmpty() ? name : dialect + "." + name;
            OpAsmDialectInterface asm = types.mlirContext.opDialectInterface(candidate, OpAsmDialectInterface.class);
            AsmCustomOpParser registered = asm == null ? null : asm.formatParser(candidate);
            if (registered != null && types.mlirContext.opDefinition(candidate) != null) {
                in.consume();
                Context ctx = (Context) context();
                String outer = ctx.opName;
                ctx.opName = candidate;
                try {
                    return registered.parse(candidate, ctx, opStart);
                } finally {
                    ctx.opName = outer;
                }
            }
            String tried = name.indexOf('.') < 0 && !dialect.isEmpty()
                    ? " (tried '" + dialect + "." + name + "' as well)" : "";
            throw in.error("custom op '" + name + "' is unknown" + tried);
        }
        in.consume();
        OperationState state = new OperationState(full);
        parser.parse(new OpAsmParser(this, resultCount), state);
        return finishOp(state, opStart);
    }

    /** The pretty-form parser of op {@code fullName} from its dialect, or null. */
    private CustomOpParser customParser(String fullName) {
        OpAsmDialectInterface asm = types.mlirContext.opDialectInterface(fullName, OpAsmDialectInterface.class);
        return asm == null ? null : asm.customParser(fullName);
    }

    /** A region parsed with {@code dialect} as the default dialect of unqualified op names. */
    List<Block> parseRegionWithDialect(List<Argument> entryArgs, boolean isolated, String dialect) {
        defaultDialects.push(dialect == null ? "" : dialect);
        List<Block> blocks = parseRegion(isolated, entryArgs);
        defaultDialects.pop();
        return blocks;
    }

    byte[] symbolBytes(Token t) {
        if (in.text.charAt(t.start + 1) == '"') return in.lex.stringBytes(t);
        return in.text.substring(t.start + 1, t.end).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    // =====================================================================================================
    // The context handed to the parsers of asm.format (AsmParserContext)
    // =====================================================================================================

    private AsmParserContext context;

    private AsmParserContext context() {
        if (context == null) context = new Context();
        return context;
    }

    /** {@return the interned name {@code fullName} of the context being parsed into} */
    OperationName opName(String fullName) { return types.mlirContext.opName(fullName); }

    private final class Context implements AsmParserContext {
        /** The custom op being parsed: its errors are prefixed like MLIR's {@code custom op 'X' ...}. */
        String opName;

        private String prefixed(String message) {
            return opName == null ? message : "custom op '" + opName + "' " + message;
        }

        @Override public int offset() { return in.tok.start; }
        @Override public int previousEnd() { return in.prevEnd; }
        @Override public String text() { return in.text; }
        @Override public RuntimeException error(String message) { return ParserState.errorAt(in.tok.start, prefixed(message)); }
        @Override public RuntimeException errorAt(int offset, String message) { return ParserState.errorAt(offset, prefixed(message)); }

        @Override
        public RuntimeException withFollowUp(RuntimeException failure, int offset, String message, boolean fromOp) {
            if (failure instanceof ParseError pe) {
                pe.followUps.add(ParserState.errorAt(offset, fromOp ? prefixed(message) : message));
            }
            return failure;
        }

        @Override public boolean consumeIf(String p) { return in.consumeIf(Token.punctuation(p)); }

        @Override
        public void expect(String p) {
            in.expect(Token.punctuation(p), "expected '" + p + "'");
        }

        @Override public String peekKeyword() { return in.is(Kind.BARE_IDENTIFIER) ? in.spelling() : null; }
        @Override public boolean consumeKeyword(String keyword) { return in.consumeKeyword(keyword); }

        @Override
        public void expectKeyword(String keyword) {
            if (!in.consumeKeyword(keyword)) throw error("expected '" + keyword + "'");
        }

        @Override
        public String parseKeyword(String message) {
            if (!in.is(Kind.BARE_IDENTIFIER)) throw error(message);
            String s = in.spelling();
            in.consume();
            return s;
        }

        @Override
        public String parseKeywordOrString(String message) {
            if (in.is(Kind.STRING)) {
                String s = in.lex.stringValue(in.tok);
                in.consume();
                return s;
            }
            return parseKeyword(message);
        }

        @Override public boolean atOperand() { return in.is(Kind.PERCENT_IDENTIFIER); }
        @Override public OperandRef parseOperand() { return new Ref(ssa.parseSsaUse()); }

        @Override
        public OperandRef parseArgumentName() {
            if (!in.is(Kind.PERCENT_IDENTIFIER)) throw in.wrongToken("expected SSA operand");
            UnresolvedOperand u = new UnresolvedOperand(in.spelling(), 0, in.tok.start);
            in.consume();
            return new Ref(u);
        }

        @Override public Value resolve(OperandRef ref, Type type) { return ssa.resolve(((Ref) ref).use, type); }

        @Override
        public List<Value> resolve(List<OperandRef> refs, List<Type> types, int at) {
            if (refs.size() != types.size()) {
                throw errorAt(at, "number of operands and types do not match: got " + refs.size()
                        + " operands and " + types.size() + " types");
            }
            List<UnresolvedOperand> uses = new ArrayList<>(refs.size());
            for (OperandRef r : refs) uses.add(((Ref) r).use);
            return ssa.resolveAll(uses, types, at);
        }

        @Override public Type parseType() { return types.parseType(); }
        @Override public List<Type> parseTypeList() { return types.parseTypeList(); }
        @Override public boolean atType() { return types.atTypeStart(); }
        @Override public Attribute parseAttribute(Type type) { return attributes.parseAttribute(type); }
        @Override public DictionaryAttr parseOptionalAttrDict() { return in.is(Kind.L_BRACE) ? attributes.parseDictionary() : DictionaryAttr.EMPTY; }

        @Override
        public DictionaryAttr parseOptionalAttrDictWithKeyword() {
            return in.consumeKeyword("attributes") ? attributes.parseDictionary() : DictionaryAttr.EMPTY;
        }

        @Override
        public long parseInteger() {
            if (!in.is(Kind.INTEGER) && !in.is(Kind.MINUS)) throw error("expected integer value");
            return types.parseSignedLong();
        }

        @Override
        public String parseSymbolName() {
            if (!in.is(Kind.AT_IDENTIFIER)) throw error("expected valid '@'-identifier for symbol name");
            String s = new String(symbolBytes(in.tok), java.nio.charset.StandardCharsets.UTF_8);
            in.consume();
            return s;
        }

        @Override public boolean atSymbolName() { return in.is(Kind.AT_IDENTIFIER); }

        @Override
        public AsmParserContext.LocationRef parseOptionalLocationSpecifier() {
            OpAsmParser.LocationRef ref = OperationParser.this.parseOptionalLocationSpecifier();
            return ref == null ? null : new Loc(ref);
        }

        @Override
        public void applyLocation(AsmParserContext.LocationRef ref, Consumer<Location> setter) {
            OperationParser.this.applyLocation(((Loc) ref).ref, setter);
        }

        @Override public Location locationOf(int offset) { return in.locationOf(offset); }
        @Override public OperationName opName(String fullName) { return types.mlirContext.opName(fullName); }

        @Override
        public List<Block> parseRegion(List<RegionArgument> entryArgs) {
            List<Argument> args = null;
            if (entryArgs != null) {
                args = new ArrayList<>(entryArgs.size());
                for (RegionArgument a : entryArgs) {
                    UnresolvedOperand u = ((Ref) a.name()).use;
                    args.add(new Argument(u.name(), u.offset(), a.type(), DictionaryAttr.EMPTY,
                            a.location() == null ? null : ((Loc) a.location()).ref));
                }
            }
            return OperationParser.this.parseRegion(false, args);
        }

        @Override public boolean atRegion() { return in.is(Kind.L_BRACE); }

        @Override
        public DialectAsmParser dialectParser() {
            return new DialectAsmParser(types, prefixed(""));
        }

        @Override
        public Operation build(String name, List<Value> operands, List<Type> resultTypes, DictionaryAttr properties,
                               DictionaryAttr attributes, List<List<Block>> regions, int opStart) {
            OperationState state = new OperationState(name);
            state.addOperands(operands);
            state.addResultTypes(resultTypes);
            for (NamedAttribute na : properties.entries()) state.addProperty(na.name(), na.value());
            state.addAttributes(attributes);
            regions.forEach(state::addRegion);
            return finishOp(state, opStart);
        }
    }

    private record Loc(LocationRef ref) implements AsmParserContext.LocationRef {}

    private record Ref(UnresolvedOperand use) implements AsmParserContext.OperandRef {
        @Override public int offset() { return use.offset(); }
    }
}
