package org.stablehlo4j.api.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.stablehlo4j.interpreter.JsonTensors;
import org.stablehlo4j.interpreter.Tensor;

/**
 * {@link TensorValue}s as JSON, in the layout of the CLI's {@code --args-json} and {@code --results-json} files
 * (and of JAX's {@code NAME.io.json}): a tensor is
 * <pre>{"shape": [2, 3], "dtype": "float32", "data": [1.0, 2.5, ...]}</pre>
 * with {@code data} the flat row-major element list, and a file of tensors is an object whose list under a key
 * ({@code "inputs"}, {@code "outputs"}) holds them:
 * <pre>{"inputs": [{"shape": ..., "dtype": ..., "data": ...}, ...]}</pre>
 *
 * <p>dtypes are NumPy's names: {@code bool}, {@code int8} to {@code int64}, {@code uint8} to {@code uint64},
 * {@code float16}, {@code bfloat16}, {@code float32}, {@code float64}, {@code complex64}, {@code complex128}
 * (a complex element is a {@code [re, im]} pair). Floats are written as Python's {@code repr} writes them (the
 * shortest decimal that reads back to the same value; f16 and bf16 widened to double), with {@code NaN},
 * {@code Infinity} and {@code -Infinity} for the non-finite values; what is written reads back equal.
 *
 * <p>This is the CLI's own reader and writer. Malformed input is an {@link IOException} whose message starts with
 * {@code byte offset N: } (prefixed with the file's path when reading a file); reading never allocates more than
 * the document's size calls for.
 */
public final class TensorJson {
    private TensorJson() {}

    // ---- reading ----------------------------------------------------------------------------------------------

    /**
     * Reads a file holding one tensor, {@code {"shape": ..., "dtype": ..., "data": ...}}.
     *
     * @param file the file
     * @return the tensor
     * @throws IOException if the file cannot be read or is not such a document; the message names the file and
     *                     the byte offset of the problem
     */
    public static TensorValue read(Path file) throws IOException {
        byte[] json = Files.readAllBytes(file);
        try {
            return one(json);
        } catch (IOException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a document (UTF-8) holding one tensor, {@code {"shape": ..., "dtype": ..., "data": ...}}.
     *
     * @param json the document's bytes
     * @return the tensor
     * @throws IOException if the document is not such a tensor; the message starts with {@code byte offset N: }
     */
    public static TensorValue read(byte[] json) throws IOException {
        return one(Objects.requireNonNull(json, "json"));
    }

    /**
     * Parses a document holding one tensor, {@code {"shape": ..., "dtype": ..., "data": ...}}.
     *
     * @param json the document
     * @return the tensor
     * @throws IOException if the document is not such a tensor; the message starts with {@code byte offset N: }
     *                     (of the document's UTF-8 bytes)
     */
    public static TensorValue parse(String json) throws IOException {
        return one(json.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads the tensors of a file's top-level {@code key} list, e.g. {@code readList(file, "inputs")} for an
     * {@code --args-json} file. Other top-level keys are allowed (and checked to be well-formed JSON).
     *
     * @param file the file
     * @param key the key of the list: {@code "inputs"}, {@code "outputs"}, ...
     * @return the tensors, in the list's order
     * @throws IOException if the file cannot be read, is malformed, or has no {@code key} list; the message names
     *                     the file and the byte offset of the problem
     */
    public static List<TensorValue> readList(Path file, String key) throws IOException {
        Objects.requireNonNull(key, "key");
        byte[] json = Files.readAllBytes(file);
        try {
            return list(json, key);
        } catch (IOException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads the tensors of a document's (UTF-8) top-level {@code key} list.
     *
     * @param json the document's bytes
     * @param key the key of the list: {@code "inputs"}, {@code "outputs"}, ...
     * @return the tensors, in the list's order
     * @throws IOException if the document is malformed or has no {@code key} list; the message starts with
     *                     {@code byte offset N: }
     */
    public static List<TensorValue> readList(byte[] json, String key) throws IOException {
        return list(Objects.requireNonNull(json, "json"), Objects.requireNonNull(key, "key"));
    }

    /**
     * Parses the tensors of a document's top-level {@code key} list.
     *
     * @param json the document
     * @param key the key of the list: {@code "inputs"}, {@code "outputs"}, ...
     * @return the tensors, in the list's order
     * @throws IOException if the document is malformed or has no {@code key} list; the message starts with
     *                     {@code byte offset N: } (of the document's UTF-8 bytes)
     */
    public static List<TensorValue> parseList(String json, String key) throws IOException {
        return list(json.getBytes(StandardCharsets.UTF_8), Objects.requireNonNull(key, "key"));
    }

    private static TensorValue one(byte[] json) throws IOException {
        try {
            return decode(json, JsonTensors.readEntry(json));
        } catch (JsonTensors.JsonException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static List<TensorValue> list(byte[] json, String key) throws IOException {
        try {
            List<JsonTensors.Entry> entries = JsonTensors.readEntries(json, key);
            List<TensorValue> out = new ArrayList<>(entries.size());
            for (JsonTensors.Entry e : entries) out.add(decode(json, e));
            return out;
        } catch (JsonTensors.JsonException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static TensorValue decode(byte[] json, JsonTensors.Entry e) throws JsonTensors.JsonException {
        if (ElementType.of(JsonTensors.elementTypeOf(e.dtype())) == null) {
            throw new JsonTensors.JsonException(e.dtypeOffset(), "dtype \"" + e.dtype()
                    + "\" is not an element type of TensorValue");
        }
        return TensorValue.fromTensor(JsonTensors.decode(json, e, JsonTensors.typeOf(e)));
    }

    // ---- writing ----------------------------------------------------------------------------------------------

    /**
     * One tensor as a JSON document, {@code {"shape": [...], "dtype": "...", "data": [...]}} (no newline).
     *
     * @param value the tensor
     * @return the document
     */
    public static String toJson(TensorValue value) {
        StringBuilder sb = new StringBuilder();
        JsonTensors.appendEntry(sb, value.toTensor());
        return sb.toString();
    }

    /**
     * Tensors as a JSON document {@code {"KEY": [tensor, ...]}} (no newline), the layout of the CLI's
     * {@code --args-json} ({@code key = "inputs"}) and {@code --results-json} ({@code "outputs"}).
     *
     * @param key the key of the list
     * @param values the tensors
     * @return the document
     */
    public static String toJson(String key, List<TensorValue> values) {
        Objects.requireNonNull(key, "key");
        List<Tensor> tensors = new ArrayList<>(values.size());
        for (TensorValue v : values) tensors.add(Objects.requireNonNull(v, "value").toTensor());
        return JsonTensors.write(key, tensors);
    }

    /**
     * Writes one tensor as a JSON file ({@link #toJson(TensorValue)} and a newline, UTF-8).
     *
     * @param file the file, created or replaced
     * @param value the tensor
     * @throws IOException if the file cannot be written
     */
    public static void write(Path file, TensorValue value) throws IOException {
        Files.writeString(file, toJson(value) + "\n", StandardCharsets.UTF_8);
    }

    /**
     * Writes tensors as a JSON file {@code {"KEY": [...]}} ({@link #toJson(String, List)} and a newline, UTF-8), as
     * the CLI writes {@code --results-json}.
     *
     * @param file the file, created or replaced
     * @param key the key of the list: {@code "inputs"} makes a file {@code --args-json} reads
     * @param values the tensors
     * @throws IOException if the file cannot be written
     */
    public static void writeList(Path file, String key, List<TensorValue> values) throws IOException {
        Files.writeString(file, toJson(key, values) + "\n", StandardCharsets.UTF_8);
    }
}
