package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.cli.CliRunner;

/** Where --sparql credentials come from, and that no refusal repeats the password. */
class SparqlCredentialsTest {
    private static final String SECRET = "s3cret = with spaces ";

    @TempDir
    Path tmp;

    private Path file(String text, String mode) throws Exception {
        Path f = Files.writeString(tmp.resolve("credentials-" + mode + "-" + text.hashCode()), text);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    @Test
    void aFileGivesTheUserAndThePasswordVerbatim() throws Exception {
        SparqlCredentials c = SparqlCredentials.fromFile(file("\uFEFF# lab Virtuoso\n\nuser=lacuna\r\npassword=" + SECRET
                + "\n", "rw-------"));
        assertEquals("lacuna", c.user(), "a CRLF line ends before its CR");
        assertEquals(SECRET, c.password(), "everything after the first = up to the line's end");
        assertFalse(c.toString().contains("s3cret"), c.toString());
        assertTrue(c.toString().contains("lacuna"));
    }

    @Test
    void aFileOthersMayReadOrChangeIsRefused() throws Exception {
        for (String mode : new String[] {"rw-r-----", "rw----r--", "rw--w----"}) {
            Path f = file("user=lacuna\npassword=" + SECRET + "\n", mode);
            BadInputException e = assertThrows(BadInputException.class, () -> SparqlCredentials.fromFile(f));
            assertTrue(e.getMessage().contains("chmod 600 " + f), e.getMessage());
            assertEquals(2, e.exitCode());
        }
        assertEquals("lacuna", SparqlCredentials.fromFile(file("user=lacuna\npassword=x\n", "r--------")).user());
    }

    /**
     * Owner-only modes protect a file from others only when its owner is the user running Lacuna: a 0600 file that
     * belongs to someone else was written, and can be rewritten, by them. Needs a user that may give files away.
     */
    @Test
    void anOwnerOnlyFileOfAnotherUserIsRefused() throws Exception {
        Path f = file("user=lacuna\npassword=" + SECRET + "\n", "rw-------");
        java.nio.file.attribute.UserPrincipal other;
        try {
            other = f.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            Files.setOwner(f, other);
        } catch (Exception e) {
            org.junit.jupiter.api.Assumptions.abort("cannot give a file to user nobody here: " + e);
            return;
        }
        BadInputException e = assertThrows(BadInputException.class, () -> SparqlCredentials.fromFile(f));
        assertTrue(e.getMessage().contains("belongs to nobody"), e.getMessage());
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
    }

    @Test
    void aMalformedFileIsNamedByLineWithoutQuotingIt() throws Exception {
        Path f = file("user=lacuna\n" + SECRET + "\n", "rw-------");
        BadInputException e = assertThrows(BadInputException.class, () -> SparqlCredentials.fromFile(f));
        assertEquals(f.toString(), e.source());
        assertEquals(2, e.line());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        Path twice = file("user=a\npassword=" + SECRET + "\npassword=" + SECRET + "\n", "rw-------");
        BadInputException t = assertThrows(BadInputException.class, () -> SparqlCredentials.fromFile(twice));
        assertEquals(3, t.line());
        assertFalse(t.getMessage().contains("s3cret"), t.getMessage());
        Path missing = file("user=lacuna\n", "rw-------");
        assertTrue(assertThrows(BadInputException.class, () -> SparqlCredentials.fromFile(missing)).getMessage()
                .contains("password=SECRET"));
    }

    @Test
    void theEnvironmentGivesBothOrNeither() {
        assertNull(SparqlCredentials.fromEnvironment(Map.of()));
        SparqlCredentials c = SparqlCredentials.fromEnvironment(Map.of("LACUNA_SPARQL_USER", "lacuna",
                "LACUNA_SPARQL_PASSWORD", SECRET));
        assertEquals(SECRET, c.password());
        assertTrue(assertThrows(BadInputException.class, () -> SparqlCredentials.fromEnvironment(
                Map.of("LACUNA_SPARQL_PASSWORD", SECRET))).getMessage().contains("LACUNA_SPARQL_USER is not set"));
        assertTrue(assertThrows(BadInputException.class, () -> SparqlCredentials.fromEnvironment(
                Map.of("LACUNA_SPARQL_USER", "lacuna"))).getMessage().contains("LACUNA_SPARQL_PASSWORD is not set"));
    }

    @Test
    void credentialsGoOnlyWithSparqlAndNeverInAUrl() throws Exception {
        Path f = file("user=lacuna\npassword=" + SECRET + "\n", "rw-------");
        CliRunner.Run local = CliRunner.run("stats", "--store", "memory", "--credentials", f.toString());
        assertEquals(2, local.code(), local.toString());
        assertTrue(local.err().contains("--credentials goes with --sparql URL"), local.toString());
        CliRunner.Run inUrl = CliRunner.run("stats", "--sparql", "http://lacuna:s3cret@127.0.0.1:1/sparql");
        assertEquals(2, inUrl.code(), inUrl.toString());
        assertTrue(inUrl.err().contains("holds a user name or password"), inUrl.toString());
        assertFalse(inUrl.toString().contains("s3cret"), inUrl.toString());
    }
}
