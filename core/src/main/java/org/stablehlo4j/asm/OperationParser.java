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
final class OperationParser extends SsaScopeParser {
    private static final String UNREGISTERED_DIALECT_MESSAGE = "operation being parsed with an unregistered dialect. "
            + "If this is intended, please use -allow-unregistered-dialect with the MLIR tool used";

    private record Deferred(String alias, int offset, Consumer<Location> setter) {}

    private final ArrayDeque<String> defaultDialects = new ArrayDeque<>();
    private final List<Deferred> deferredLocs = new ArrayList<>();

    OperationParser(org.stablehlo4j.ir.Context context, String text, ParseOptions options) {
        super(context, text, options);
    }

    // =====================================================================================================
    // Top level
    // =====================================================================================================

    ModuleOp parseModule() {
        Location fileLoc = options.firstLine() <= 1
                ? new Location.FileLineCol(bufferNameAttr(), 0, 0, 0, 0, false)
                : new Location.FileLineCol(bufferNameAttr(), options.firstLine(), 1, options.firstLine(), 1, false);
        ModuleOp implicit = ModuleOp.empty(mlirContext, fileLoc);
        Block top = implicit.body();
        Map<String, Map<String, ResourceBlob>> dialectResources = new LinkedHashMap<>();
        Map<String, Map<String, String>> externalResources = new LinkedHashMap<>();
        pushRegionScope(true);
        defaultDialects.push("func");
        while (!is(Kind.EOF)) {
            switch (tok.kind) {
                case HASH_IDENTIFIER -> parseAliasDefinition(false);
                case EXCLAMATION_IDENTIFIER -> parseAliasDefinition(true);
                case FILE_METADATA_BEGIN -> parseFileMetadata(dialectResources, externalResources);
                default -> parseOperation(top);
            }
        }
        popRegionScope(true);
        for (Deferred d : deferredLocs) {
            Attribute a = attributeAliases.get(d.alias());
            if (a == null) throw errorAt(d.offset(), "operation location alias was never defined");
            if (!(a instanceof Location l)) throw errorAt(d.offset(), "expected location, but found '" + show(a) + "'");
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
        String id = text.substring(tok.start + 1, tok.end);
        if (id.indexOf('.') >= 0) {
            throw error(isType ? "type names with a '.' are reserved for dialect-defined names"
                    : "attribute names with a '.' are reserved for dialect-defined names");
        }
        if (isType ? typeAliases.containsKey(id) : attributeAliases.containsKey(id)) {
            throw error("redefinition of " + (isType ? "type" : "attribute") + " alias id '" + id + "'");
        }
        consume();
        expect(Kind.EQUAL, isType ? "expected '=' in type alias definition"
                : "expected '=' in attribute alias definition");
        if (isType) typeAliases.put(id, parseType());
        else attributeAliases.put(id, parseAttribute(null));
    }

    /** {@code {-# dialect_resources: {...}, external_resources: {...} #-}} */
    private void parseFileMetadata(Map<String, Map<String, ResourceBlob>> dialectResources,
                                   Map<String, Map<String, String>> externalResources) {
        consume();
        if (consumeIf(Kind.FILE_METADATA_END)) return;
        do {
            if (!is(Kind.BARE_IDENTIFIER)) throw wrongToken("expected identifier key in file metadata dictionary");
            String key = spelling();
            consume();
            expect(Kind.COLON, "expected ':'");
            switch (key) {
                case "dialect_resources" -> parseResourceSection(dialectResources, null);
                case "external_resources" -> parseResourceSection(null, externalResources);
                default -> throw errorAt(prevEnd - key.length(), "unknown key '" + key
                        + "' in file metadata dictionary");
            }
        } while (consumeIf(Kind.COMMA));
        expect(Kind.FILE_METADATA_END, "expected '#-}'");
    }

    private void parseResourceSection(Map<String, Map<String, ResourceBlob>> blobs, Map<String, Map<String, String>> raw) {
        expect(Kind.L_BRACE, "expected '{'");
        if (consumeIf(Kind.R_BRACE)) return;
        do {
            if (!is(Kind.BARE_IDENTIFIER)) throw wrongToken("expected identifier key for 'resource' entry");
            String owner = spelling();
            consume();
            expect(Kind.COLON, "expected ':'");
            expect(Kind.L_BRACE, "expected '{'");
            if (!consumeIf(Kind.R_BRACE)) {
                do {
                    String key;
                    if (is(Kind.BARE_IDENTIFIER)) key = spelling();
                    else if (is(Kind.STRING)) key = lex.stringValue(tok);
                    else throw wrongToken("expected identifier key for 'resource' entry");
                    consume();
                    expect(Kind.COLON, "expected ':'");
                    if (blobs != null) {
                        if (!is(Kind.STRING) || !text.startsWith("\"0x", tok.start)) {
                            throw wrongToken("expected hex string blob for key '" + key + "'");
                        }
                        byte[] data = DenseParser.decodeHex(this, tok);
                        if (data.length < 4) throw error("expected hex string blob with an alignment prefix");
                        long align = (data[0] & 0xFFL) | (data[1] & 0xFFL) << 8 | (data[2] & 0xFFL) << 16
                                | (data[3] & 0xFFL) << 24;
                        blobs.computeIfAbsent(owner, k -> new LinkedHashMap<>())
                                .put(key, new ResourceBlob(align, data, 4, data.length - 4));
                    } else {
                        raw.computeIfAbsent(owner, k -> new LinkedHashMap<>()).put(key, spelling());
                    }
                    consume();
                } while (consumeIf(Kind.COMMA));
                expect(Kind.R_BRACE, "expected '}'");
            }
        } while (consumeIf(Kind.COMMA));
        expect(Kind.R_BRACE, "expected '}'");
    }

    // =====================================================================================================
    // Operations
    // =====================================================================================================

    private void parseOperation(Block block) {
        int opStart = tok.start;
        int base = groupTop;
        int total = 0;
        if (is(Kind.PERCENT_IDENTIFIER)) {
            do {
                if (!is(Kind.PERCENT_IDENTIFIER)) throw wrongToken("expected valid ssa identifier");
                int at = tok.start;
                int len = tok.end - at;
                consume();
                int count = 1;
                if (consumeIf(Kind.COLON)) {
                    if (!is(Kind.INTEGER)) throw wrongToken("expected integer number of results");
                    java.math.BigInteger n = integerTokenValue(tok);
                    if (n == null || n.signum() == 0 || n.bitLength() > 30) {
                        throw error("expected named operation to have at least 1 result");
                    }
                    count = n.intValue();
                    consume();
                }
                pushResultGroup(at, len, count);
                total += count;
            } while (consumeIf(Kind.COMMA));
            expect(Kind.EQUAL, "expected '=' after SSA name");
        }
        Operation op;
        if (is(Kind.STRING)) {
            openOp(opStart);
            op = parseGenericOperation(opStart);
            closeOp();
        } else if (is(Kind.BARE_IDENTIFIER)) {
            openOp(opStart);
            op = parseCustomOperation(opStart, total);
            closeOp();
        } else {
            throw wrongToken("expected operation name in quotes");
        }
        if (groupTop > base) {
            if (total != op.numResults()) {
                throw errorAt(opStart, "operation defines " + op.numResults() + " results but was provided " + total
                        + " to bind");
            }
            defineResults(base, op);
        }
        block.append(op);
    }

    private static boolean isIsolated(String opName) {
        return opName.equals("builtin.module") || opName.equals("func.func");
    }

    private void checkRegistered(String name, int nameAt, int opStart) {
        if (mlirContext.opDefinition(name) != null) return;
        int dot = name.indexOf('.');
        String dialect = dot < 0 ? "" : name.substring(0, dot);
        org.stablehlo4j.ir.Dialect loaded = dialect.isEmpty() ? null : mlirContext.getOrLoadDialect(dialect);
        if (loaded != null) {
            if (loaded.allowsUnknownOperations()) return;
            throw errorAt(opStart, "unregistered operation '" + name + "' found in dialect ('" + dialect
                    + "') that does not allow unknown operations");
        }
        if (!options.allowUnregisteredDialect() && !mlirContext.allowsUnregisteredDialects()) {
            throw errorAt(nameAt, UNREGISTERED_DIALECT_MESSAGE);
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
        int at = tok.start;
        int len = tok.end - at;
        char[] buf = lex.buffer();
        int hash = SpanTable.hash(buf, at, len);
        if (opNames == null) opNames = new SpanTable<>(buf);
        OpName known = opNames.get(at, len, hash);
        if (known != null) return known;
        String name = lex.stringValue(tok);
        if (name.isEmpty()) throw error("empty operation name is invalid");
        checkRegistered(name, at, opStart);
        OpName on = new OpName(mlirContext.opName(name));
        opNames.put(at, len, hash, on);
        return on;
    }

    private Operation parseGenericOperation(int opStart) {
        OpName on = genericOpName(opStart);
        String name = on.name;
        consume();
        expect(Kind.L_PAREN, "expected '(' to start operand list");
        int base = useTop;
        if (is(Kind.PERCENT_IDENTIFIER)) {
            do {
                pushSsaUse();
            } while (consumeIf(Kind.COMMA));
        }
        int numOperands = (useTop - base) / 3;
        expect(Kind.R_PAREN, "expected ')' to end operand list");
        List<Block> successors = List.of();
        if (consumeIf(Kind.L_SQUARE)) {
            successors = new ArrayList<>();
            do {
                successors.add(parseSuccessor());
            } while (consumeIf(Kind.COMMA));
            expect(Kind.R_SQUARE, "expected ']' to end successor list");
        }
        DictionaryAttr props = DictionaryAttr.EMPTY;
        if (consumeIf(Kind.LESS)) {
            int at = tok.start;
            Attribute a = parseAttribute(null);
            if (!(a instanceof DictionaryAttr d)) throw errorAt(at, "expected a dictionary of properties");
            props = d;
            expect(Kind.GREATER, "expected '>' to close properties");
        }
        List<List<Block>> regions = List.of();
        if (consumeIf(Kind.L_PAREN)) {
            regions = new ArrayList<>();
            do {
                regions.add(parseRegion(isIsolated(name), null));
            } while (consumeIf(Kind.COMMA));
            expect(Kind.R_PAREN, "expected ')' to end region list");
        }
        DictionaryAttr attrs = is(Kind.L_BRACE) ? parseDictionary() : DictionaryAttr.EMPTY;
        expect(Kind.COLON, "expected ':' followed by operation type");
        int typeAt = tok.start;
        Type t;
        if (on.typeStart >= 0 && sameTypeText(on.typeStart, on.typeLen, on.typeOpens)) {
            // ops of one name mostly repeat their type: compared as text, without scanning or hashing it
            t = on.type;
        } else {
            lastSimpleStart = -1;
            t = parseType();
            if (lastSimpleStart == typeAt) {
                on.typeStart = typeAt;
                on.typeLen = prevEnd - typeAt;
                on.typeOpens = lastSimpleOpens;
                on.type = t;
            }
        }
        if (!(t instanceof FunctionType ft)) throw errorAt(typeAt, "expected function type");
        List<Type> inputs = ft.inputs();
        if (numOperands != inputs.size()) {
            throw errorAt(typeAt, "expected " + numOperands + " operand type" + (numOperands == 1 ? "" : "s")
                    + " but had " + inputs.size());
        }
        List<Value> operands = resolveUses(base, inputs);
        return finishOp(on.opName, operands, ft.results(), props, attrs, regions, successors, opStart);
    }


    /** Creates the op (moving inherent attributes into properties), attaches regions and the location. */
    private Operation finishOp(OperationState state, int opStart) {
        return finishOp(mlirContext.opName(state.name()), state.operands(), state.resultTypes(),
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
                regions.size(), successors, locationOf(opStart));
        for (int i = 0; i < regions.size(); i++) {
            for (Block b : regions.get(i)) op.region(i).append(b);
        }
        LocationRef loc = parseOptionalLocationSpecifier();
        if (loc != null) applyLocation(loc, op::setLocation);
        return op;
    }

    LocationRef parseOptionalLocationSpecifier() {
        if (!isKeyword("loc")) return null;
        consume();
        expect(Kind.L_PAREN, "expected '(' in location");
        LocationRef ref;
        if (is(Kind.HASH_IDENTIFIER)) {
            String id = text.substring(tok.start + 1, tok.end);
            boolean trailing = tok.end < text.length() && text.charAt(tok.end) == '<';
            if (attributeAliases.containsKey(id) || id.indexOf('.') >= 0 || trailing) {
                ref = new LocationRef(parseLocationInstance(), null, 0);
            } else {
                ref = new LocationRef(null, id, tok.start);
                consume();
            }
        } else {
            ref = new LocationRef(parseLocationInstance(), null, 0);
        }
        expect(Kind.R_PAREN, "expected ')' in location");
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
        enter();
        expect(Kind.L_BRACE, "expected '{' to begin a region");
        pushRegionScope(isolated);
        List<Block> blocks = new ArrayList<>();
        if (entryArgs != null) {
            if (is(Kind.CARET_IDENTIFIER)) throw error("invalid block name in region with named arguments");
            Block entry = new Block();
            for (Argument a : entryArgs) {
                if (a.name() == null) throw errorAt(a.offset(), "expected named arguments for a region");
                BlockArgument arg = entry.addArgument(a.type(), locationOf(a.offset()));
                if (a.location() != null) applyLocation(a.location(), arg::setLocation);
                defineValue(a.name(), 0, arg, a.offset());
            }
            blocks.add(entry);
            parseBlockBody(entry);
        } else if (!is(Kind.R_BRACE) && !is(Kind.CARET_IDENTIFIER)) {
            Block entry = new Block();
            blocks.add(entry);
            parseBlockBody(entry);
        }
        while (!is(Kind.R_BRACE)) {
            Block b = parseBlockLabel();
            blocks.add(b);
            parseBlockBody(b);
        }
        consume();
        popRegionScope(isolated);
        leave();
        return blocks;
    }

    private void parseBlockBody(Block block) {
        while (!is(Kind.R_BRACE) && !is(Kind.CARET_IDENTIFIER)) {
            if (is(Kind.EOF)) throw wrongToken("expected '}' to end region");
            parseOperation(block);
        }
    }

    /** block-label ::= caret-id ('(' arg (',' arg)* ')')? ':' */
    private Block parseBlockLabel() {
        if (!is(Kind.CARET_IDENTIFIER)) throw wrongToken("expected block name");
        String name = spelling();
        int at = tok.start;
        BlockDef def = blockScopes.peek().computeIfAbsent(name, k -> new BlockDef(at));
        if (def.defined) throw error("redefinition of block '" + name + "'");
        def.defined = true;
        consume();
        if (consumeIf(Kind.L_PAREN)) {
            if (!consumeIf(Kind.R_PAREN)) {
                do {
                    if (!is(Kind.PERCENT_IDENTIFIER)) throw wrongToken("expected SSA identifier");
                    String argName = spelling();
                    int argAt = tok.start;
                    consume();
                    expect(Kind.COLON, "expected ':' and type for SSA operand");
                    Type type = parseType();
                    BlockArgument arg = def.block.addArgument(type, locationOf(argAt));
                    LocationRef loc = parseOptionalLocationSpecifier();
                    if (loc != null) applyLocation(loc, arg::setLocation);
                    defineValue(argName, 0, arg, argAt);
                } while (consumeIf(Kind.COMMA));
                expect(Kind.R_PAREN, "expected ')' to end argument list");
            }
        }
        expect(Kind.COLON, "expected ':' after block name");
        return def.block;
    }

    // =====================================================================================================
    // Custom forms
    // =====================================================================================================

    private Operation parseCustomOperation(int opStart, int resultCount) {
        String name = spelling();
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
            OpAsmDialectInterface asm = mlirContext.opDialectInterface(candidate, OpAsmDialectInterface.class);
            AsmCustomOpParser registered = asm == null ? null : asm.formatParser(candidate);
            if (registered != null && mlirContext.opDefinition(candidate) != null) {
                consume();
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
            throw error("custom op '" + name + "' is unknown" + tried);
        }
        consume();
        OperationState state = new OperationState(full);
        parser.parse(new OpAsmParser(this, resultCount), state);
        return finishOp(state, opStart);
    }

    /** The pretty-form parser of op {@code fullName} from its dialect, or null. */
    private CustomOpParser customParser(String fullName) {
        OpAsmDialectInterface asm = mlirContext.opDialectInterface(fullName, OpAsmDialectInterface.class);
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
        if (text.charAt(t.start + 1) == '"') return lex.stringBytes(t);
        return text.substring(t.start + 1, t.end).getBytes(java.nio.charset.StandardCharsets.UTF_8);
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
    OperationName opName(String fullName) { return mlirContext.opName(fullName); }

    private final class Context implements AsmParserContext {
        /** The custom op being parsed: its errors are prefixed like MLIR's {@code custom op 'X' ...}. */
        String opName;

        private String prefixed(String message) {
            return opName == null ? message : "custom op '" + opName + "' " + message;
        }

        @Override public int offset() { return tok.start; }
        @Override public int previousEnd() { return prevEnd; }
        @Override public String text() { return text; }
        @Override public RuntimeException error(String message) { return OperationParser.errorAt(tok.start, prefixed(message)); }
        @Override public RuntimeException errorAt(int offset, String message) { return OperationParser.errorAt(offset, prefixed(message)); }

        @Override
        public RuntimeException withFollowUp(RuntimeException failure, int offset, String message, boolean fromOp) {
            if (failure instanceof ParseError pe) {
                pe.followUps.add(OperationParser.errorAt(offset, fromOp ? prefixed(message) : message));
            }
            return failure;
        }

        @Override public boolean consumeIf(String p) { return OperationParser.this.consumeIf(Token.punctuation(p)); }

        @Override
        public void expect(String p) {
            OperationParser.this.expect(Token.punctuation(p), "expected '" + p + "'");
        }

        @Override public String peekKeyword() { return is(Kind.BARE_IDENTIFIER) ? spelling() : null; }
        @Override public boolean consumeKeyword(String keyword) { return OperationParser.this.consumeKeyword(keyword); }

        @Override
        public void expectKeyword(String keyword) {
            if (!OperationParser.this.consumeKeyword(keyword)) throw error("expected '" + keyword + "'");
        }

        @Override
        public String parseKeyword(String message) {
            if (!is(Kind.BARE_IDENTIFIER)) throw error(message);
            String s = spelling();
            consume();
            return s;
        }

        @Override
        public String parseKeywordOrString(String message) {
            if (is(Kind.STRING)) {
                String s = lex.stringValue(tok);
                consume();
                return s;
            }
            return parseKeyword(message);
        }

        @Override public boolean atOperand() { return is(Kind.PERCENT_IDENTIFIER); }
        @Override public OperandRef parseOperand() { return new Ref(parseSsaUse()); }

        @Override
        public OperandRef parseArgumentName() {
            if (!is(Kind.PERCENT_IDENTIFIER)) throw wrongToken("expected SSA operand");
            UnresolvedOperand u = new UnresolvedOperand(spelling(), 0, tok.start);
            consume();
            return new Ref(u);
        }

        @Override public Value resolve(OperandRef ref, Type type) { return OperationParser.this.resolve(((Ref) ref).use, type); }

        @Override
        public List<Value> resolve(List<OperandRef> refs, List<Type> types, int at) {
            if (refs.size() != types.size()) {
                throw errorAt(at, "number of operands and types do not match: got " + refs.size()
                        + " operands and " + types.size() + " types");
            }
            List<UnresolvedOperand> uses = new ArrayList<>(refs.size());
            for (OperandRef r : refs) uses.add(((Ref) r).use);
            return resolveAll(uses, types, at);
        }

        @Override public Type parseType() { return OperationParser.this.parseType(); }
        @Override public List<Type> parseTypeList() { return OperationParser.this.parseTypeList(); }
        @Override public boolean atType() { return atTypeStart(); }
        @Override public Attribute parseAttribute(Type type) { return OperationParser.this.parseAttribute(type); }
        @Override public DictionaryAttr parseOptionalAttrDict() { return is(Kind.L_BRACE) ? parseDictionary() : DictionaryAttr.EMPTY; }

        @Override
        public DictionaryAttr parseOptionalAttrDictWithKeyword() {
            return OperationParser.this.consumeKeyword("attributes") ? parseDictionary() : DictionaryAttr.EMPTY;
        }

        @Override
        public long parseInteger() {
            if (!is(Kind.INTEGER) && !is(Kind.MINUS)) throw error("expected integer value");
            return parseSignedLong();
        }

        @Override
        public String parseSymbolName() {
            if (!is(Kind.AT_IDENTIFIER)) throw error("expected valid '@'-identifier for symbol name");
            String s = new String(symbolBytes(tok), java.nio.charset.StandardCharsets.UTF_8);
            consume();
            return s;
        }

        @Override public boolean atSymbolName() { return is(Kind.AT_IDENTIFIER); }

        @Override
        public AsmParserContext.LocationRef parseOptionalLocationSpecifier() {
            OpAsmParser.LocationRef ref = OperationParser.this.parseOptionalLocationSpecifier();
            return ref == null ? null : new Loc(ref);
        }

        @Override
        public void applyLocation(AsmParserContext.LocationRef ref, Consumer<Location> setter) {
            OperationParser.this.applyLocation(((Loc) ref).ref, setter);
        }

        @Override public Location locationOf(int offset) { return OperationParser.this.locationOf(offset); }
        @Override public OperationName opName(String fullName) { return mlirContext.opName(fullName); }

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

        @Override public boolean atRegion() { return is(Kind.L_BRACE); }

        @Override
        public DialectAsmParser dialectParser() {
            return new DialectAsmParser(OperationParser.this, prefixed(""));
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
