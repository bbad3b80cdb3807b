package dev.lacuna.serve;

import java.io.ByteArrayOutputStream;

import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;

import dev.lacuna.store.GraphRole;

/**
 * The SPARQL 1.1 Service Description of one served path (answered to a GET without parameters): what it serves
 * (the graph's IRI as its default dataset's one named graph), its base IRI and its limits, the row limit above
 * all, so that a client that never reads headers can still learn that long answers are cut.
 */
final class ServiceDescription {
    private static final String SD = "http://www.w3.org/ns/sparql-service-description#";
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private ServiceDescription() {
    }

    static byte[] turtle(String endpointUrl, Target target, EndpointSettings s) {
        Model m = new LinkedHashModel();
        m.setNamespace("sd", SD);
        m.setNamespace("rdfs", RDFS.NAMESPACE);
        BNode service = VF.createBNode("service");
        m.add(service, RDF.TYPE, sd("Service"));
        m.add(service, sd("endpoint"), VF.createIRI(endpointUrl));
        m.add(service, sd("supportedLanguage"), sd("SPARQL11Query"));
        if (s.updateToken() != null && target.role() == GraphRole.INCOMPLETE) {
            m.add(service, sd("supportedLanguage"), sd("SPARQL11Update"));
        }
        for (String f : new String[] {"SPARQL_Results_JSON", "SPARQL_Results_XML", "SPARQL_Results_CSV",
                "SPARQL_Results_TSV", "Turtle", "N-Triples", "JSON-LD"}) {
            m.add(service, sd("resultFormat"), VF.createIRI("http://www.w3.org/ns/formats/" + f));
        }
        BNode dataset = VF.createBNode("dataset");
        m.add(service, sd("defaultDataset"), dataset);
        m.add(dataset, RDF.TYPE, sd("Dataset"));
        BNode graph = VF.createBNode("defaultGraph");
        m.add(dataset, sd("defaultGraph"), graph);
        m.add(graph, RDF.TYPE, sd("Graph"));
        m.add(graph, RDFS.COMMENT, VF.createLiteral(target.describe()));
        if (target.graph() != null) {
            // The served graph's IRI, the one name FROM, FROM NAMED and the protocol's graph parameters accept here.
            BNode named = VF.createBNode("namedGraph");
            m.add(dataset, sd("namedGraph"), named);
            m.add(named, RDF.TYPE, sd("NamedGraph"));
            m.add(named, sd("name"), target.graph());
            m.add(named, sd("graph"), graph);
        }
        m.add(service, RDFS.COMMENT, VF.createLiteral("Limits: " + s.describeLimits()
                + ". A cut answer carries the header X-Lacuna-Truncated. Federated SERVICE is disabled."));
        m.add(service, RDFS.COMMENT, VF.createLiteral("Base IRI: relative IRIs in queries and updates resolve against <"
                + endpointUrl + ">, this endpoint's URL."
                + (target.graph() != null ? " Dataset clauses (FROM, FROM NAMED, default-graph-uri, named-graph-uri, "
                        + "WITH, USING) may name only the graph <" + target.graph() + ">." : "")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Rio.write(m, out, RDFFormat.TURTLE);
        return out.toByteArray();
    }

    private static IRI sd(String local) {
        return VF.createIRI(SD + local);
    }
}
