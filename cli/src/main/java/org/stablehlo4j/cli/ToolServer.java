package org.stablehlo4j.cli;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs many tool invocations in one warm JVM, for test suites that start the tools thousands of times (the
 * conformance run). {@code bin/stablehlo4j-run} forwards an invocation to the server named by
 * {@code STABLEHLO4J_SERVER} through {@code bin/stablehlo4j-client} and falls back to starting a JVM when no server
 * answers. Invocations run one at a time, each on a fresh big-stack thread with its own streams and working
 * directory ({@link ToolIO}); the results are exactly those of a command-line run.
 *
 * <p>Protocol over a Unix domain socket (all integers big-endian). Request: {@code int n}, then n bytes of
 * NUL-separated UTF-8 fields: {@code stablehlo4j-1}, the working directory, then the tool arguments (tool name
 * first). Replies are frames {@code byte kind, int n, n bytes}: {@code I} asks for standard input (the client
 * answers {@code long n} and n bytes, once), {@code O}/{@code E} carry stdout/stderr bytes, {@code X} ends the run
 * with a 4-byte exit code. A run longer than the time limit ends the server (exit code 3), so no later run
 * waits on it.
 */
public final class ToolServer {
    static final String MAGIC = "stablehlo4j-1";

    private ToolServer() {}

    /** {@code ToolServer SOCKET [TIMEOUT_SECONDS]}. */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: ToolServer SOCKET [TIMEOUT_SECONDS]");
            System.exit(2);
        }
        Path socket = Path.of(args[0]);
        long timeoutMillis = args.length > 1 ? Long.parseLong(args[1]) * 1000 : 600_000;
        Files.deleteIfExists(socket);
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            while (true) {
                try (SocketChannel client = server.accept()) {
                    serve(client, timeoutMillis);
                } catch (IOException e) {
                    // the client went away; serve the next one
                }
            }
        }
    }

    private static void serve(SocketChannel channel, long timeoutMillis) throws IOException {
        DataInputStream in = new DataInputStream(Channels.newInputStream(channel));
        DataOutputStream out = new DataOutputStream(Channels.newOutputStream(channel));
        int n = in.readInt();
        if (n < 0 || n > (1 << 24)) return;
        byte[] header = in.readNBytes(n);
        List<String> fields = split(new String(header, StandardCharsets.UTF_8));
        if (fields.size() < 3 || !fields.get(0).equals(MAGIC)) return;
        Path cwd = Path.of(fields.get(1));
        String[] toolArgs = fields.subList(2, fields.size()).toArray(new String[0]);

        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        ToolIO.Context context = new ToolIO.Context(new ClientStdin(in, out), stdout, cwd);
        Invocation run = new Invocation(toolArgs, err, context);
        Thread worker = new Thread(null, run, "stablehlo4j-server-run", Main.STACK_BYTES);
        worker.start();
        try {
            worker.join(timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (worker.isAlive()) {
            err.print("error: internal error: the run took longer than " + timeoutMillis / 1000 + " s\n");
            send(out, 'E', stderr.toByteArray());
            sendExit(out, 124);
            System.exit(3);
        }
        err.flush();
        send(out, 'O', stdout.toByteArray());
        send(out, 'E', stderr.toByteArray());
        sendExit(out, run.code);
    }

    private static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= s.length(); i++) {
            if (i == s.length() || s.charAt(i) == '\0') {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        return out;
    }

    static void send(DataOutputStream out, char kind, byte[] data) throws IOException {
        out.writeByte(kind);
        out.writeInt(data.length);
        out.write(data);
        out.flush();
    }

    private static void sendExit(DataOutputStream out, int code) throws IOException {
        out.writeByte('X');
        out.writeInt(4);
        out.writeInt(code);
        out.flush();
    }

    /** One tool run with the client's streams (a class rather than a lambda, like {@link Main}'s worker). */
    private static final class Invocation implements Runnable {
        private final String[] args;
        private final PrintStream err;
        private final ToolIO.Context context;
        volatile int code = 1;

        Invocation(String[] args, PrintStream err, ToolIO.Context context) {
            this.args = args;
            this.err = err;
            this.context = context;
        }

        @Override
        public void run() {
            ToolIO.set(context);
            try {
                code = Main.runGuarded(args, err);
            } finally {
                ToolIO.set(null);
            }
        }
    }

    /** Standard input fetched from the client on first read: an {@code I} frame, then the client's bytes. */
    private static final class ClientStdin extends InputStream {
        private final DataInputStream in;
        private final DataOutputStream out;
        private InputStream data;

        ClientStdin(DataInputStream in, DataOutputStream out) {
            this.in = in;
            this.out = out;
        }

        private InputStream data() throws IOException {
            if (data == null) {
                send(out, 'I', new byte[0]);
                long n = in.readLong();
                if (n < 0 || n > Tool.MAX_INPUT) throw new IOException("standard input too large");
                data = new java.io.ByteArrayInputStream(in.readNBytes((int) n));
            }
            return data;
        }

        @Override
        public int read() throws IOException {
            return data().read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return data().read(b, off, len);
        }
    }
}
