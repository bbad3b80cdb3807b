package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;

/**
 * The loader's contract, run against every store kind by a few-line subclass (as RDF4J's RDFStoreTest
 * is reused by each store): formats, entity ids, labels, and that bad input leaves the store as it was.
 */
public abstract class AbstractLoaderTest {
    protected static final String SMALL_TSV = """
            1\tfather\t2
            1\thusband\t3
            3\tmother\t2
            3\twife\t1
            2\tson\t1
            2\tson\t3
            4\tbrother\t1
            """;
    protected static final String SMALL_TTL = """
            @prefix ex: <http://example.org/> .
            @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
            ex:a ex:father ex:b ; ex:husband ex:c .
            ex:c ex:mother ex:b ; ex:wife ex:a .
            ex:b ex:son ex:a , ex:c .
            ex:a rdfs:label "Alice" .
            """;

    @TempDir
    protected Path tmp;
    protected Repository repository;
    protected final KgGraphs kg = KgGraphs.of("test");

    /** The store under test, in a fresh folder below {@code tmp}. */
    protected abstract StoreConfig config(Path folder);

    @BeforeEach
    void open() {
        repository = Stores.open(config(tmp.resolve("store")));
    }

    @AfterEach
    void close() {
        if (repository != null) {
            repository.shutDown();
        }
    }

    protected Path write(String name, String content) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }

    protected KgLoader.Result load(Path... files) {
        return new KgLoader(repository, kg).load(List.of(files), KgLoader.Options.defaults());
    }

    protected long size(IRI graph) {
        try (RepositoryConnection c = repository.getConnection()) {
            return c.getStatements(null, null, null, false, graph).stream().count();
        }
    }

    /** Everything in the store, for before/after comparisons. */
    protected Set<Statement> snapshot() {
        try (RepositoryConnection c = repository.getConnection()) {
            Set<Statement> all = new HashSet<>();
            c.getStatements(null, null, null, false).forEach(all::add);
            return all;
        }
    }

    @Test
    void loadsTsvIntoComplete() throws IOException {
        KgLoader.Result r = load(write("kg.tsv", SMALL_TSV));
        assertEquals(7, r.triples());
        assertEquals(4, r.entities());
        assertEquals(6, r.relations());
        assertEquals(7, size(kg.complete()));
        assertEquals(0, size(kg.incomplete()));
        GraphStats.Counts counts = GraphStats.counts(repository, kg.complete());
        assertEquals(new GraphStats.Counts(7, 4, 6), counts);
    }

    @Test
    void relationsOutsideTheBasicMultilingualPlaneStayApart() throws IOException {
        // each half of a surrogate pair was encoded alone as '?': both became relation/%3F%3F, one relation
        KgLoader.Result r = load(write("kg.tsv", "a\t\uD83D\uDE00\tb\nb\t\uD83D\uDE01\tc\n"));
        assertEquals(2, r.relations());
        assertEquals(new GraphStats.Counts(2, 3, 2), GraphStats.counts(repository, kg.complete()));
        Set<String> names = new HashSet<>();
        try (RepositoryConnection c = repository.getConnection()) {
            c.getStatements(null, null, null, false, kg.complete()).forEach(st -> names.add(kg.relationName(st.getPredicate())));
        }
        assertEquals(Set.of("\uD83D\uDE00", "\uD83D\uDE01"), names);
    }

    @Test
    void oneBlankNodeLabelInTwoRdfFilesIsRefused() throws IOException {
        // a blank node label is local to its file: loaded together, the two _:x were one entity
        Path a = write("a.ttl", "_:x <http://e/p> <http://e/b> .\n");
        Path b = write("b.ttl", "_:x <http://e/q> <http://e/c> .\n");
        Set<Statement> before = snapshot();
        BadInputException e = assertThrows(BadInputException.class, () -> load(a, b));
        assertEquals(b.toString(), e.source());
        assertTrue(e.getMessage().contains("_:x") && e.getMessage().contains("blank node"), e.getMessage());
        assertEquals(before, snapshot());
        // one file may use its label as often as it likes
        assertEquals(2, load(write("c.ttl", "_:x <http://e/p> <http://e/b> .\n_:x <http://e/q> <http://e/c> .\n"))
                .triples());
    }

    @Test
    void privateIdsAreASeededPermutationRecordedInLabels() throws IOException {
        load(write("kg.tsv", SMALL_TSV));
        Set<Long> ids = new HashSet<>();
        Set<String> sources = new HashSet<>();
        try (RepositoryConnection c = repository.getConnection()) {
            for (Statement st : c.getStatements(null, LacunaVocab.SOURCE_ID, null, false, kg.labels())) {
                long id = kg.privateId((IRI) st.getSubject());
                ids.add(id);
                sources.add(st.getObject().stringValue());
                assertTrue(c.hasStatement(st.getSubject(), LacunaVocab.PRIVATE_ID,
                        repository.getValueFactory().createLiteral(id), false, kg.labels()));
            }
        }
        assertEquals(Set.of(0L, 1L, 2L, 3L), ids);
        assertEquals(Set.of("1", "2", "3", "4"), sources);
    }

    @Test
    void sameSeedSameIdsOtherSeedOtherIds() {
        Assertions.assertArrayEquals(KgLoader.permutation(1000, 7), KgLoader.permutation(1000, 7));
        long[] a = KgLoader.permutation(1000, 7);
        long[] b = KgLoader.permutation(1000, 8);
        assertFalse(Arrays.equals(a, b));
        long[] sorted = a.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            assertEquals(i, sorted[i]);
        }
    }

    @Test
    void tsvCsvGzipAndCrlfGiveTheSameGraph() throws IOException {
        String checksum = load(write("kg.tsv", SMALL_TSV)).checksum();
        String csv = SMALL_TSV.replace('\t', ',').replace("1,father,2", "\"1\",father,\"2\"");
        for (Path p : List.of(write("kg.csv", csv), write("crlf.tsv", SMALL_TSV.replace("\n", "\r\n")), gzip("kg.tsv.gz", SMALL_TSV))) {
            KgLoader.Result r = new KgLoader(repository, kg).load(List.of(p),
                    new KgLoader.Options(null, null, 42, true));
            assertEquals(checksum, r.checksum(), p.toString());
            assertEquals(7, size(kg.complete()));
        }
    }

    @Test
    void everyRdfFormatGivesTheSameGraph() throws IOException {
        String nt = """
                <http://example.org/a> <http://example.org/father> <http://example.org/b> .
                <http://example.org/a> <http://example.org/husband> <http://example.org/c> .
                <http://example.org/c> <http://example.org/mother> <http://example.org/b> .
                <http://example.org/c> <http://example.org/wife> <http://example.org/a> .
                <http://example.org/b> <http://example.org/son> <http://example.org/a> .
                <http://example.org/b> <http://example.org/son> <http://example.org/c> .
                <http://example.org/a> <http://www.w3.org/2000/01/rdf-schema#label> "Alice" .
                """;
        String nq = nt.replace(" .\n", " <http://example.org/g> .\n");
        String trig = "<http://example.org/g> {\n" + SMALL_TTL.replaceAll("@prefix[^\n]*\n", "")
                .replace("ex:", "<http://example.org/").replaceAll("<http://example.org/([a-z]+)", "<http://example.org/$1>")
                .replace("rdfs:label", "<http://www.w3.org/2000/01/rdf-schema#label>") + "}\n";
        String checksum = null;
        for (Path p : List.of(write("kg.nt", nt), write("kg.ttl", SMALL_TTL), write("kg.nq", nq), write("kg.trig", trig))) {
            KgLoader.Result r = new KgLoader(repository, kg).load(List.of(p), new KgLoader.Options(null, null, 42, true));
            assertEquals(6, r.triples(), p.toString());
            assertEquals(1, r.labels(), p.toString());
            if (checksum == null) {
                checksum = r.checksum();
            }
            assertEquals(checksum, r.checksum(), p.toString());
        }
        try (RepositoryConnection c = repository.getConnection()) {
            assertTrue(c.hasStatement(null, RDFS.LABEL, repository.getValueFactory().createLiteral("Alice"), false, kg.labels()));
            assertTrue(c.hasStatement(null, LacunaVocab.SOURCE_NAME,
                    repository.getValueFactory().createLiteral("http://example.org/father"), false, kg.labels()));
        }
    }

    @Test
    void labelsFileAddsTextLabels() throws IOException {
        Path labels = write("labels.tsv", "1\tJustin\n2\tJaxon Bieber\n99\tnot in the KG\n");
        KgLoader.Result r = new KgLoader(repository, kg).load(List.of(write("kg.tsv", SMALL_TSV)),
                new KgLoader.Options(null, labels, 42, false));
        assertEquals(2, r.labels());
        try (RepositoryConnection c = repository.getConnection()) {
            assertTrue(c.hasStatement(null, RDFS.LABEL, repository.getValueFactory().createLiteral("Jaxon Bieber"), false, kg.labels()));
        }
    }

    @Test
    void reloadIsRefusedUnlessReplace() throws IOException {
        Path file = write("kg.tsv", SMALL_TSV);
        load(file);
        Set<Statement> before = snapshot();
        BadInputException e = assertThrows(BadInputException.class, () -> load(file));
        assertTrue(e.getMessage().contains("already loaded"), e.getMessage());
        assertEquals(before, snapshot());
        KgLoader.Result r = new KgLoader(repository, kg).load(List.of(write("other.tsv", "7\tfather\t8\n")),
                new KgLoader.Options(null, null, 42, true));
        assertEquals(1, r.triples());
        assertEquals(1, size(kg.complete()));
    }

    @Test
    void duplicatesCollapse() throws IOException {
        KgLoader.Result r = load(write("kg.tsv", SMALL_TSV + "1\tfather\t2\n"));
        assertEquals(7, r.triples());
        assertEquals(1, r.duplicates());
    }

    // ---------------------------------------------------------------- bad input: message names the place, store unchanged

    private BadInputException loadBad(String name, byte[] content) throws IOException {
        new KgLoader(repository, kg).load(List.of(write("good.tsv", SMALL_TSV)), new KgLoader.Options(null, null, 42, true));
        Set<Statement> before = snapshot();
        Path bad = tmp.resolve(name);
        Files.write(bad, content);
        BadInputException e = assertThrows(BadInputException.class, () -> new KgLoader(repository, kg)
                .load(List.of(bad), new KgLoader.Options(null, null, 42, true)));
        assertEquals(before, snapshot(), "a failed load must leave the store exactly as it was");
        assertEquals(bad.toString(), e.source());
        return e;
    }

    @Test
    void wrongFieldCountNamesFileAndLine() throws IOException {
        BadInputException e = loadBad("bad.tsv", "1\tfather\t2\n1\tfather\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("expected 3") && e.getMessage().contains("found 2"), e.getMessage());
        e = loadBad("bad4.tsv", "1\tfather\t2\textra\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().contains("found 4"), e.getMessage());
    }

    @Test
    void emptyFieldNamesLineAndColumn() throws IOException {
        BadInputException e = loadBad("bad.tsv", "1\tfather\t2\n3\t\t4\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(2, e.line());
        assertEquals(3, e.column());
        assertTrue(e.getMessage().contains("empty relation field"), e.getMessage());
    }

    @Test
    void invalidUtf8NamesLineAndColumn() throws IOException {
        byte[] content = "1\tfather\t2\n3\tmother\t4\u00e9x\n".getBytes(StandardCharsets.UTF_8);
        int bad = content.length - 4; // first byte of é
        content[bad] = (byte) 0xC3;
        content[bad + 1] = (byte) 0x28; // not a continuation byte
        BadInputException e = loadBad("bad.tsv", content);
        assertEquals(2, e.line());
        assertEquals(11, e.column());
        assertTrue(e.getMessage().contains("invalid UTF-8"), e.getMessage());
    }

    @Test
    void rdfSyntaxErrorNamesLineAndColumn() throws IOException {
        BadInputException e = loadBad("bad.nt", ("<http://e/a> <http://e/p> <http://e/b> .\n"
                + "<http://e/a> <http://e/p> <http://e/c>\n").getBytes(StandardCharsets.UTF_8));
        assertTrue(e.line() >= 2, "line " + e.line() + ": " + e.getMessage());
    }

    @Test
    void unknownFormatAndMissingFileAndFolder() throws IOException {
        BadInputException e = loadBad("kg.xyz", SMALL_TSV.getBytes(StandardCharsets.UTF_8));
        assertTrue(e.getMessage().contains("unknown format"), e.getMessage());
        Set<Statement> before = snapshot();
        Path missing = tmp.resolve("missing.tsv");
        e = assertThrows(BadInputException.class, () -> load(missing));
        assertTrue(e.getMessage().contains("missing.tsv") && e.getMessage().contains("no such file"), e.getMessage());
        Path folder = Files.createDirectories(tmp.resolve("folder.tsv"));
        e = assertThrows(BadInputException.class, () -> load(folder));
        assertTrue(e.getMessage().contains("folder"), e.getMessage());
        e = assertThrows(BadInputException.class, () -> TripleFormat.parse("bogus"));
        assertTrue(e.getMessage().contains("unknown format 'bogus': expected tsv, csv, nt, ttl, nq, trig"), e.getMessage());
        assertEquals(TripleFormat.NTRIPLES, TripleFormat.parse("ntriples"));
        assertEquals(TripleFormat.TURTLE, TripleFormat.parse(" TTL "));
        assertEquals(before, snapshot());
    }

    @Test
    void emptyFileIsAnErrorNotAnEmptySuccess() throws IOException {
        BadInputException e = loadBad("empty.tsv", "# only a comment\n\n".getBytes(StandardCharsets.UTF_8));
        assertTrue(e.getMessage().contains("no triples"), e.getMessage());
    }

    @Test
    void badGzipIsReported() throws IOException {
        BadInputException e = loadBad("kg.tsv.gz", SMALL_TSV.getBytes(StandardCharsets.UTF_8));
        assertTrue(e.getMessage().contains("gzip"), e.getMessage());
    }

    @Test
    void checksumOfStoreMatchesLoad() throws IOException {
        KgLoader.Result r = load(write("kg.tsv", SMALL_TSV));
        try (RepositoryConnection c = repository.getConnection()) {
            assertEquals(r.checksum(), GraphChecksum.of(c, kg.complete()));
            Statement first;
            try (RepositoryResult<Statement> all = c.getStatements(null, null, null, false, kg.complete())) {
                first = all.stream().findFirst().orElseThrow();
            }
            c.remove(first, kg.complete());
            assertNotEquals(r.checksum(), GraphChecksum.of(c, kg.complete()));
        }
    }

    protected Path gzip(String name, String content) throws IOException {
        Path p = tmp.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
        return p;
    }
}
