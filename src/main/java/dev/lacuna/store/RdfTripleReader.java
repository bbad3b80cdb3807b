package dev.lacuna.store;

import java.io.IOException;
import java.io.InputStream;

import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.rio.ParserConfig;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.rio.helpers.AbstractRDFHandler;
import org.eclipse.rdf4j.rio.helpers.BasicParserSettings;

import dev.lacuna.BadInputException;
import dev.lacuna.Messages;

/**
 * Streams an RDF file through Rio. Entities are identified by their IRI (or _:label for blank nodes,
 * whose labels are preserved so that two passes over the file agree); named graphs in N-Quads and
 * TriG are ignored because the whole file becomes the one graph complete.
 */
final class RdfTripleReader {
    private final String source;
    private final RDFFormat format;

    RdfTripleReader(String source, RDFFormat format) {
        this.source = source;
        this.format = format;
    }

    void read(InputStream in, RawTripleSink sink) throws IOException {
        RDFParser parser = Rio.createParser(format);
        ParserConfig config = parser.getParserConfig();
        config.set(BasicParserSettings.PRESERVE_BNODE_IDS, true);
        config.set(BasicParserSettings.VERIFY_URI_SYNTAX, true);
        // Some errors (an unexpected end of file) carry no position: fall back to the last one the parser reported.
        long[] lastLocation = {-1, -1};
        parser.setRDFHandler(new AbstractRDFHandler() {
            @Override
            public void handleStatement(Statement st) {
                Value o = st.getObject();
                String subject = checked(id(st.getSubject()), false, lastLocation[0]);
                String relation = checked(st.getPredicate().stringValue(), true, lastLocation[0]);
                if (o instanceof Literal literal) {
                    sink.accept(subject, relation, null, literal, -1);
                } else {
                    sink.accept(subject, relation, checked(id((Resource) o), false, lastLocation[0]), null, -1);
                }
            }
        });
        parser.setParseLocationListener((line, column) -> {
            lastLocation[0] = line;
            lastLocation[1] = column;
        });
        try {
            parser.parse(in, "urn:lacuna:input:");
        } catch (RDFParseException e) {
            String msg = e.getMessage();
            // Rio appends " [line L, column C]"; the exception carries them separately.
            int bracket = msg == null ? -1 : msg.lastIndexOf(" [line ");
            String problem = bracket > 0 ? msg.substring(0, bracket) : msg;
            long line = e.getLineNumber() >= 0 ? e.getLineNumber() : lastLocation[0];
            long column = e.getLineNumber() >= 0 ? e.getColumnNumber() : lastLocation[1];
            throw new BadInputException(source, line, column, problem, e);
        }
    }

    /**
     * The name, if it is one a KG may hold ({@link SourceNames}): an IRI cannot hold whitespace or a control
     * character, but a {@code \uD800} escape in N-Triples makes an unpaired surrogate.
     */
    private String checked(String name, boolean relation, long line) {
        SourceNames.Problem problem = relation ? SourceNames.relationProblem(name) : SourceNames.nameProblem(name);
        if (problem != null) {
            throw new BadInputException(source, line, -1, (relation ? "relation <" : "entity <")
                    + Messages.echo(name) + "> " + problem.text());
        }
        return name;
    }

    private static String id(Resource r) {
        return r instanceof BNode b ? "_:" + b.getID() : r.stringValue();
    }
}
