package dev.lacuna.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lacuna.BadInputException;
import dev.lacuna.Redaction;
import dev.lacuna.Warnings;

/**
 * A user name and password for a SPARQL endpoint that takes updates only from known users (OpenLink Virtuoso's
 * {@code /sparql-auth}, HTTP Digest). They come from the environment or from a file readable by its owner only,
 * never from a command-line argument, which {@code ps} shows to every user of the machine. The password is never
 * part of a message or a log line: {@link #toString()} names the user and where the password came from.
 *
 * @param user     the user name
 * @param password the password
 * @param source   where they were read, for messages: the variables' names or the file
 */
public record SparqlCredentials(String user, String password, String source) {
    public static final String USER_VARIABLE = "LACUNA_SPARQL_USER";
    public static final String PASSWORD_VARIABLE = "LACUNA_SPARQL_PASSWORD";
    /** What a user without credentials is told to give. */
    public static final String HOW_TO_GIVE = "set " + USER_VARIABLE + "/" + PASSWORD_VARIABLE + " or --credentials FILE";
    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    public SparqlCredentials {
        if (user == null || user.isEmpty() || password == null || password.isEmpty()) {
            throw new BadInputException(source, -1, -1, "needs both a user name and a password");
        }
        Redaction.register(user, password);
    }

    /**
     * The credentials in {@value #USER_VARIABLE} and {@value #PASSWORD_VARIABLE}, or null when neither is set; one
     * without the other is refused rather than sent as an anonymous request that would fail later and less clearly.
     */
    public static SparqlCredentials fromEnvironment(Map<String, String> environment) {
        String user = environment.get(USER_VARIABLE);
        String password = environment.get(PASSWORD_VARIABLE);
        if (user == null && password == null) {
            return null;
        }
        if (user == null || user.isEmpty() || password == null || password.isEmpty()) {
            throw new BadInputException((user == null || user.isEmpty() ? USER_VARIABLE + " is not set but "
                    + PASSWORD_VARIABLE + " is" : PASSWORD_VARIABLE + " is not set but " + USER_VARIABLE + " is")
                    + ": set both, or neither for an endpoint that needs no credentials");
        }
        return new SparqlCredentials(user, password, USER_VARIABLE + "/" + PASSWORD_VARIABLE);
    }

    /**
     * The credentials in a file of two lines, {@code user=NAME} and {@code password=SECRET} (everything after the
     * first {@code =} up to the line's end, spaces included; blank lines and lines starting with {@code #} are
     * skipped). The file must be readable by its owner only ({@code chmod 600}): a password others can read is
     * refused before it is used. No message quotes a line of the file, since any line may hold the password.
     */
    public static SparqlCredentials fromFile(Path file) {
        String name = file.toString();
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new BadInputException(name, -1, -1, "no readable credentials file here");
        }
        checkOwnerOnly(file);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BadInputException(name, -1, -1, "cannot read the credentials file: " + e.getClass().getSimpleName());
        }
        String user = null;
        String password = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (i == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            String key = eq < 0 ? "" : line.substring(0, eq).strip();
            if (key.equals("user") && user == null) {
                user = line.substring(eq + 1);
            } else if (key.equals("password") && password == null) {
                password = line.substring(eq + 1);
            } else {
                throw new BadInputException(name, i + 1, -1, key.equals("user") || key.equals("password")
                        ? key + " is given twice" : "expected user=NAME or password=SECRET (the line is not shown: it "
                        + "may hold the password)");
            }
        }
        if (user == null || password == null) {
            throw new BadInputException(name, -1, -1, "needs a line user=NAME and a line password=SECRET");
        }
        return new SparqlCredentials(user, password, name);
    }

    private static void checkOwnerOnly(Path file) {
        Set<PosixFilePermission> permissions;
        try {
            permissions = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException e) {
            Warnings.warn("{}: this file system has no POSIX permissions, so whether others can read the credentials file "
                    + "is not checked", file);
            return;
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read the file's permissions: " + e.getMessage());
        }
        if (!OWNER_ONLY.containsAll(permissions)) {
            throw new BadInputException(file.toString(), -1, -1, "the credentials file may be read or changed by other "
                    + "users (" + PosixFilePermissions.toString(permissions)
                    + "); make it the owner's only: chmod 600 " + file);
        }
        // Owner-only protects the password from others only when the owner is the user running Lacuna: a file of
        // another user was written by them and can be changed by them.
        String owner;
        try {
            owner = Files.getOwner(file).getName();
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read the file's owner: " + e.getMessage());
        }
        String me = System.getProperty("user.name");
        if (me != null && !me.equals(owner)) {
            throw new BadInputException(file.toString(), -1, -1, "the credentials file belongs to " + owner
                    + ", not to " + me + " who runs lacuna; keep your own copy (chmod 600)");
        }
    }

    /** The user and where the credentials came from; never the password. */
    @Override
    public String toString() {
        return "user '" + user + "' (from " + source + ")";
    }
}
