package dev.lacuna.store;

import java.util.HashMap;
import java.util.Map;

import dev.lacuna.BadInputException;
import dev.lacuna.Messages;

/**
 * Distinct names that the store would make one, refused as a load reads its files (before the store is touched),
 * naming both and where each first appears.
 * <ul>
 * <li>Two relation names with one IRI: {@link KgGraphs#relation} escapes each code point, so distinct names that pass
 *     {@link SourceNames} give distinct IRIs (😀 and 😁, escaped char by char, were once both {@code relation/%3F%3F});
 *     this holds the loader to it. Entities cannot merge so: their IRIs are private ids, never made from their
 *     names.</li>
 * <li>One blank node label in two files: a label is local to its RDF file, so {@code _:x} of one file and
 *     {@code _:x} of another are two nodes that one entity would merge. Refused rather than kept apart under made-up
 *     names that no other tool reading those files would know.</li>
 * </ul>
 */
final class NameClashes {
    private record Seen(String name, String file, long line) {
        String where() {
            return line > 0 ? file + ":" + line : file;
        }
    }

    private final KgGraphs kg;
    private final Map<String, Seen> relationIris = new HashMap<>();
    private final Map<String, Integer> blankNodeFiles = new HashMap<>();

    NameClashes(KgGraphs kg) {
        this.kg = kg;
    }

    /** A relation name seen for the first time, at {@code file}:{@code line}. */
    void relation(String name, String file, long line) {
        String iri = kg.relation(name).stringValue();
        Seen other = relationIris.putIfAbsent(iri, new Seen(name, file, line));
        if (other != null) {
            throw new BadInputException(file, line, -1, "relation '" + Messages.echo(name) + "' and relation '"
                    + Messages.echo(other.name()) + "' (" + other.where() + ") would both be <" + Messages.echo(iri)
                    + ">: two relations would become one");
        }
    }

    /** An entity name of the {@code fileIndex}-th input file; {@code rdf} if that file is RDF. */
    void entity(String name, int fileIndex, boolean rdf, String file, long line) {
        if (!name.startsWith("_:")) {
            return;
        }
        Integer first = rdf ? blankNodeFiles.putIfAbsent(name, fileIndex) : blankNodeFiles.get(name);
        if (first != null && first != fileIndex) {
            throw new BadInputException(file, line, -1, "the blank node " + Messages.echo(name) + " of an RDF file"
                    + " is named in another input file too: blank node labels are local to their file, so these are"
                    + " two nodes that one entity would merge; name them by IRI, or load the files as separate KGs");
        }
    }
}
