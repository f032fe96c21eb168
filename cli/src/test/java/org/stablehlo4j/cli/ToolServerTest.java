package org.stablehlo4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm tool server gives what a command-line run gives: output, diagnostics, exit code, stdin, paths. */
class ToolServerTest {
    @TempDir
    static Path dir;
    private static Path socket;
    private static Thread server;

    @BeforeAll
    static void start() throws Exception {
        socket = dir.resolve("s.sock");
        server = new Thread(() -> {
            try {
                ToolServer.main(new String[] {socket.toString(), "60"});
            } catch (IOException e) {
                // closed when the tests end
            }
        }, "test-server");
        server.setDaemon(true);
        server.start();
        for (int i = 0; i < 200 && !Files.exists(socket); i++) Thread.sleep(25);
    }

    @AfterAll
    static void stop() {
        server.interrupt();
    }

    /** A run through the protocol: stdout, stderr and exit code. */
    record Result(String out, String err, int code) {}

    private static Result call(Path cwd, byte[] stdin, String... args) throws IOException {
        return call(cwd, () -> stdin, args);
    }

    /**
     * Connects to the server. The socket file appears at bind(), a moment before the server listens; a connection
     * in between is refused, so a refused connection is retried for a while (a loaded machine widens the gap).
     */
    private static SocketChannel connect() throws IOException {
        for (int attempt = 0; ; attempt++) {
            SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                ch.connect(UnixDomainSocketAddress.of(socket));
                return ch;
            } catch (java.net.ConnectException e) {
                ch.close();
                if (attempt == 200) throw e;
                try {
                    Thread.sleep(25);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private static Result call(Path cwd, java.util.function.Supplier<byte[]> stdinSource, String... args)
            throws IOException {
        try (SocketChannel ch = connect()) {
            DataOutputStream out = new DataOutputStream(Channels.newOutputStream(ch));
            DataInputStream in = new DataInputStream(Channels.newInputStream(ch));
            StringBuilder header = new StringBuilder(ToolServer.MAGIC).append('\0').append(cwd);
            for (String a : args) header.append('\0').append(a);
            byte[] h = header.toString().getBytes(StandardCharsets.UTF_8);
            out.writeInt(h.length);
            out.write(h);
            out.flush();
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            ByteArrayOutputStream stderr = new ByteArrayOutputStream();
            while (true) {
                char kind = (char) in.readByte();
                byte[] data = in.readNBytes(in.readInt());
                switch (kind) {
                    case 'I' -> {
                        byte[] stdin = stdinSource.get();
                        out.writeLong(stdin.length);
                        out.write(stdin);
                        out.flush();
                    }
                    case 'O' -> stdout.write(data);
                    case 'E' -> stderr.write(data);
                    case 'X' -> {
                        int code = ((data[0] & 0xff) << 24) | ((data[1] & 0xff) << 16) | ((data[2] & 0xff) << 8)
                                | (data[3] & 0xff);
                        return new Result(stdout.toString(StandardCharsets.ISO_8859_1), // lossless: bytecode too
                                stderr.toString(StandardCharsets.UTF_8), code);
                    }
                    default -> throw new IOException("bad frame " + kind);
                }
            }
        }
    }

    /** {@code translate --serialize a.mlir | opt -}: the reader asks for input before the writer has run. */
    @Test
    void aPipelineOnOneServerDoesNotDeadlock() throws Exception {
        Path work = Files.createDirectories(dir.resolve("pipe"));
        Files.writeString(work.resolve("a.mlir"), "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n"
                + "  func.return %a : tensor<f32>\n}\n");
        java.util.concurrent.CompletableFuture<byte[]> produced = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CompletableFuture<Result> reader = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return call(work, produced::join, "opt", "-");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Thread.sleep(200); // the reader is connected and waits for its input
        Result writer = call(work, new byte[0], "translate", "--serialize", "--target=current", "a.mlir");
        assertEquals(0, writer.code(), writer.err());
        produced.complete(writer.out().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Result r = reader.get(60, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("vhlo.func_v1 @f"), r.out()); // opt prints an artifact as VHLO
    }

    @Test
    void runsLikeTheCommandLine() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve("a.mlir"), "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n"
                + "  %0 = \"stablehlo.abs\"(%a) : (tensor<f32>) -> tensor<f32>\n  func.return %0 : tensor<f32>\n}\n");
        // A relative path resolves against the client's directory, not the server's.
        Result r = call(work, new byte[0], "opt", "a.mlir");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("%0 = stablehlo.abs %arg0 : tensor<f32>"), r.out());
        // Standard input is fetched from the client when the tool reads it.
        Result fromStdin = call(work, Files.readAllBytes(work.resolve("a.mlir")), "opt", "-");
        assertEquals(r.out(), fromStdin.out());
        // Diagnostics and the exit code come back; the server serves the next run afterwards.
        Result bad = call(work, new byte[0], "opt", "missing.mlir");
        assertEquals(1, bad.code());
        assertTrue(bad.err().contains("cannot open input file 'missing.mlir'"), bad.err());
        Result again = call(work, new byte[0], "translate", "--serialize", "--target=1.0.0", "a.mlir", "-o", "a.bc");
        assertEquals(0, again.code(), again.err());
        assertTrue(Files.size(work.resolve("a.bc")) > 0);
    }
}
