package dev.lacuna.store;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import dev.lacuna.BadInputException;
import dev.lacuna.Warnings;

/** Parses the CLI's store options into a {@link StoreConfig}. */
public final class StoreSpec {
    /**
     * LMDB, not NativeStore: a NativeStore killed while it commits can lose KGs loaded long before (measured in
     * docs/explanation/store-safety.md), while LMDB commits by switching one page and survived every kill.
     */
    public static final String DEFAULT_SPEC = "lmdb:./lacuna-data/store";
    public static final Set<String> KINDS = Set.of("native", "memory", "lmdb");

    private StoreSpec() {
    }

    /**
     * The store used without a store option: {@link #DEFAULT_SPEC}, except that a NativeStore already in that folder
     * (the default before LMDB) is opened as what it is, with a warning, rather than refused or overwritten.
     */
    public static StoreConfig defaultStore() {
        return defaultStore(((StoreConfig.LmdbStoreConfig) parse(DEFAULT_SPEC)).dir());
    }

    static StoreConfig defaultStore(Path dir) {
        if (holdsNativeStore(dir)) {
            Warnings.warn("{} holds a NativeStore (the default before LMDB); opening it as native. A NativeStore killed "
                    + "while it commits can lose data: load into --store lmdb:DIR for a store that must survive a kill",
                    dir);
            return new StoreConfig.NativeStoreConfig(dir);
        }
        return new StoreConfig.LmdbStoreConfig(dir);
    }

    /** Whether the folder holds an RDF4J NativeStore's files. */
    public static boolean holdsNativeStore(Path dir) {
        return Files.exists(dir.resolve("triples.prop")) || Files.exists(dir.resolve("triples-spoc.dat"));
    }

    /**
     * {@code native:DIR}, {@code native:DIR:spoc,posc}, {@code memory}, {@code lmdb:DIR}, {@code lmdb:DIR:spoc,posc,ospc}. Remote stores are
     * given as URLs with {@link #repository(String)} or {@link #sparql(String, String)}.
     */
    public static StoreConfig parse(String spec) {
        if (spec == null || spec.isBlank()) {
            spec = DEFAULT_SPEC;
        }
        int colon = spec.indexOf(':');
        String kind = colon < 0 ? spec : spec.substring(0, colon);
        String rest = colon < 0 ? "" : spec.substring(colon + 1);
        switch (kind) {
            case "memory":
                if (!rest.isEmpty()) {
                    throw new BadInputException("store spec '" + spec + "': memory takes no folder");
                }
                return new StoreConfig.MemoryStoreConfig();
            case "native": {
                if (rest.isEmpty()) {
                    throw new BadInputException("store spec '" + spec + "': native needs a folder, as native:DIR");
                }
                String indexes = indexes(rest);
                return new StoreConfig.NativeStoreConfig(Path.of(indexes == null ? rest : folder(rest)), indexes);
            }
            case "lmdb": {
                if (rest.isEmpty()) {
                    throw new BadInputException("store spec '" + spec + "': lmdb needs a folder, as lmdb:DIR");
                }
                String indexes = indexes(rest);
                return new StoreConfig.LmdbStoreConfig(Path.of(indexes == null ? rest : folder(rest)), indexes);
            }
            case "http", "https":
                throw new BadInputException("store spec '" + spec
                        + "' is a URL: use --repository URL (RDF4J Server, GraphDB) or --sparql URL (any SPARQL 1.1 endpoint)");
            default:
                throw new BadInputException("unknown store kind '" + kind + "' in '" + spec
                        + "': expected native:DIR, memory or lmdb:DIR");
        }
    }

    /** The index list after a folder's last colon ({@code DIR:spoc,posc,ospc}), or null when there is none. */
    private static String indexes(String rest) {
        int idx = rest.lastIndexOf(':');
        return idx > 0 && rest.substring(idx + 1).matches("[spoc]{4}(,[spoc]{4})*") ? rest.substring(idx + 1) : null;
    }

    private static String folder(String rest) {
        return rest.substring(0, rest.lastIndexOf(':'));
    }

    public static StoreConfig repository(String url) {
        return repository(url, null);
    }

    /** A remote repository whose server asks for a user and password (scripts/graphdb.sh's GraphDB does). */
    public static StoreConfig repository(String url, SparqlCredentials credentials) {
        requireHttp(url, "--repository");
        return new StoreConfig.RemoteRepositoryConfig(url, credentials);
    }

    public static StoreConfig sparql(String queryUrl, String updateUrl) {
        return sparql(queryUrl, updateUrl, null);
    }

    /** A SPARQL endpoint whose challenges are answered with the credentials (null: anonymous). */
    public static StoreConfig sparql(String queryUrl, String updateUrl, SparqlCredentials credentials) {
        requireHttp(queryUrl, "--sparql");
        if (updateUrl != null) {
            requireHttp(updateUrl, "--sparql-update");
        }
        return new StoreConfig.SparqlEndpointConfig(queryUrl, updateUrl == null ? queryUrl : updateUrl, credentials);
    }

    /**
     * A URL's user part ({@code http://user:secret@host/}) is refused unread: an argument is visible to every user
     * of the machine ({@code ps}), and RDF4J and the logs would repeat it. The message does not quote the URL.
     */
    private static void requireHttp(String url, String option) {
        if (url != null && url.indexOf('@') >= 0 && hasUserInfo(url)) {
            throw new BadInputException(option + " URL holds a user name or password: credentials are never given as "
                    + "an argument, which other users can see" + (option.startsWith("--sparql")
                    ? "; " + SparqlCredentials.HOW_TO_GIVE : ""));
        }
        if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
            throw new BadInputException(option + " needs an http(s) URL, got '" + url + "'");
        }
    }

    private static boolean hasUserInfo(String url) {
        try {
            return URI.create(url).getRawUserInfo() != null;
        } catch (IllegalArgumentException e) {
            int at = url.indexOf('@');
            int slash = url.indexOf('/', url.indexOf("//") + 2);
            return slash < 0 || at < slash;
        }
    }
}
