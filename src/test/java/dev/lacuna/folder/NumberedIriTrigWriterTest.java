package dev.lacuna.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFWriter;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.rio.helpers.BasicWriterSettings;
import org.junit.jupiter.api.Test;

import dev.lacuna.store.LacunaVocab;

/**
 * The writer of benchmark.trig must write exactly Rio's bytes (a folder's checksum and verify's comparison
 * depend on them): here both write the same statements, with IRIs that end in numbers in every way a template
 * could get wrong.
 */
class NumberedIriTrigWriterTest {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private static final List<String> IRIS = List.of(
            "https://lacuna.dev/kg/x/entity/0",
            "https://lacuna.dev/kg/x/entity/7",
            "https://lacuna.dev/kg/x/entity/007",
            "https://lacuna.dev/kg/x/entity/123456789012345678",
            "https://lacuna.dev/kg/x/entity/1234567890123456789",
            "https://lacuna.dev/kg/x/entity/12a",
            "https://lacuna.dev/kg/x/entity/",
            "https://lacuna.dev/kg/x/relation/P31",
            "https://lacuna.dev/kg/x/relation/31",
            "https://lacuna.dev/ns#3",
            "https://lacuna.dev/ns#thing/42",
            "https://lacuna.dev/ns#/42",
            "https://lacuna.dev/ns#Grounding",
            "http://www.w3.org/2001/XMLSchema#12",
            "http://www.w3.org/2000/01/rdf-schema#label",
            "http://example.org/a b/5",
            "http://example.org/a<b>/5",
            "http://example.org/é/5",
            "http://example.org/\u00a0/5",
            "http://example.org/\\/5",
            "http://example.org/%41/5",
            "http://example.org/a\"/12",
            "http://example.org/{x}/9",
            "http://example.org/a|b^c`d/9",
            "urn:x:1",
            "urn:x/1",
            "http://example.org/ü/٣",
            "http://example.org/x/\ud83d\ude00/4",
            "http://example.org/x/4\u0000",
            "http://example.org/x/\u0001/4");

    @Test
    void writesRiosBytesForEveryKindOfIri() throws Exception {
        List<Statement> statements = new ArrayList<>();
        List<IRI> iris = IRIS.stream().map(VF::createIRI).toList();
        IRI graph = VF.createIRI("https://lacuna.dev/kg/x/complete");
        for (IRI s : iris) {
            for (IRI p : List.of(iris.get(7), iris.get(8), RDF.TYPE, RDFS.LABEL, iris.get(9), iris.get(13))) {
                for (Value o : List.<Value>of(iris.get(1), iris.get(2), s, VF.createLiteral("x \"7\"\n"),
                        VF.createLiteral(42), VF.createLiteral("é", "fr"), VF.createLiteral("3", XSD.INTEGER))) {
                    statements.add(VF.createStatement(s, p, o, graph));
                }
                for (IRI o : iris) {
                    statements.add(VF.createStatement(s, p, o, graph));
                }
            }
        }
        statements.add(VF.createStatement(iris.get(0), RDF.TYPE, iris.get(12), VF.createIRI("https://lacuna.dev/kg/x/99")));
        String rio = write(statements, true);
        String ours = write(statements, false);
        assertTrue(rio.contains("<https://lacuna.dev/kg/x/entity/123456789012345678>"), rio);
        assertEquals(rio, ours);
    }

    /** Both writers set up as {@link TrigFile} sets up its own, namespaces included. */
    private static String write(List<Statement> statements, boolean useRio) {
        StringWriter out = new StringWriter();
        RDFWriter w = useRio ? Rio.createWriter(RDFFormat.TRIG, out) : new NumberedIriTrigWriter(out);
        w.getWriterConfig().set(BasicWriterSettings.PRETTY_PRINT, false);
        w.startRDF();
        w.handleNamespace("lacuna", LacunaVocab.NS);
        w.handleNamespace("rdf", RDF.NAMESPACE);
        w.handleNamespace("rdfs", RDFS.NAMESPACE);
        w.handleNamespace("xsd", XSD.NAMESPACE);
        statements.forEach(w::handleStatement);
        w.endRDF();
        return out.toString();
    }
}
