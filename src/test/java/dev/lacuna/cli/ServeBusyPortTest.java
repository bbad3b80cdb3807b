package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code serve} on a port another program holds says so and names {@code --port}, rather than "Failed to bind". */
class ServeBusyPortTest {
    @TempDir
    Path tmp;

    @Test
    void aBusyPortNamesThePortOption() throws Exception {
        Path kg = Files.writeString(tmp.resolve("kg.tsv"), "1\tfather\t2\n2\tson\t1\n");
        String store = "lmdb:" + tmp.resolve("store");
        assertEquals(0, CliRunner.run("load", "--store", store, "--kg", "fam", kg.toString()).code());
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = busy.getLocalPort();
            CliRunner.Run serve = CliRunner.run("serve", "--store", store, "--kg", "fam", "--expose", "complete",
                    "--port", Integer.toString(port));
            assertEquals(2, serve.code(), serve.toString());
            assertTrue(serve.err().contains("port " + port), serve.err());
            assertTrue(serve.err().contains("--port"), serve.err());
        }
    }
}
