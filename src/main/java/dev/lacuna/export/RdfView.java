package dev.lacuna.export;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDFS;

import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * The view {@code serve --labels L [--shape freebase]} serves ({@link KgView}), produced statement by statement
 * from the export's integer index instead of being materialised in a store: entity IRIs keep the private id
 * ({@code ns:m.ID} in the Freebase shape), relations keep their IRI (dotted {@code ns:} names in the Freebase
 * shape, numbered {@code _2}, {@code _3} when two dot alike, in the order the store meets them), and each entity
 * has one name statement in each graph. Statements come sorted by subject id, predicate IRI and object id, the
 * order export files have always had; {@code ExportFamilyTest.serveAndExportAgreeOnEveryLabelSettingAndShape}
 * checks that the statements equal the served view's.
 */
final class RdfView {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private final CheckedFolder folder;
    private final ExportGraphs index;
    private final LabelMode labels;
    private final Shape shape;
    private final KgGraphs kg;
    /** The predicate IRI of each relation number. */
    private final IRI[] predicates;
    /** Each relation's place among all predicate IRIs (the name property included) in string order. */
    private final int[] predicateRank;
    private final int nameRank;
    /** The predicate IRI of each rank (the name property at its own). */
    private final IRI[] byRank;

    RdfView(CheckedFolder folder, LabelMode labels, Shape shape) {
        this(folder, labels, shape, GraphRole.INCOMPLETE);
    }

    /** The view with {@code graph} indexed too, when it is a broken graph ({@code build --break}, {@code --noise}). */
    RdfView(CheckedFolder folder, LabelMode labels, Shape shape, GraphRole graph) {
        this.folder = folder;
        this.index = new ExportGraphs(folder, graph.broken() ? List.of(GraphRole.COMPLETE, GraphRole.INCOMPLETE, graph)
                : List.of(GraphRole.COMPLETE, GraphRole.INCOMPLETE));
        this.labels = labels;
        this.shape = shape;
        this.kg = folder.kg();
        int n = index.relationCount();
        this.predicates = new IRI[n];
        if (shape == Shape.PLAIN) {
            for (int r = 0; r < n; r++) {
                predicates[r] = kg.relation(index.relationName(r));
            }
        } else {
            // As KgView's Mapper names them: in the order the store returns the complete graph's statements.
            Set<String> used = new HashSet<>();
            for (int r : index.relationsAsMet()) {
                String base = KgView.dottedName(index.relationName(r));
                String name = base;
                for (int i = 2; used.contains(name) || name.equals("type.object.name"); i++) {
                    name = base + "_" + i;
                }
                used.add(name);
                predicates[r] = VF.createIRI(KgView.FREEBASE_NS + name);
            }
        }
        String[] all = new String[n + 1];
        for (int r = 0; r < n; r++) {
            all[r] = predicates[r].stringValue();
        }
        all[n] = nameProperty().stringValue();
        Integer[] order = new Integer[n + 1];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> all[a].compareTo(all[b]));
        int[] rank = new int[n + 1];
        for (int k = 0; k <= n; k++) {
            rank[order[k]] = k;
        }
        this.predicateRank = Arrays.copyOf(rank, n);
        this.nameRank = rank[n];
        this.byRank = new IRI[n + 1];
        for (int r = 0; r < n; r++) {
            byRank[rank[r]] = predicates[r];
        }
        byRank[nameRank] = nameProperty();
    }

    int entities() {
        return index.entities();
    }

    private IRI nameProperty() {
        return shape == Shape.FREEBASE ? KgView.TYPE_OBJECT_NAME : RDFS.LABEL;
    }

    private IRI entity(int e) {
        long id = index.privateId(e);
        return shape == Shape.FREEBASE ? VF.createIRI(KgView.FREEBASE_NS + "m." + id) : kg.entity(id);
    }

    private Literal name(int e) {
        BenchmarkFolder.Entity row = folder.entity(index.privateName(e));
        String name = KgView.entityName(labels, Long.toString(index.privateId(e)), row.sourceId(), row.label());
        // Freebase's names are English-tagged; clients filter with langMatches(lang(?n), "en").
        return shape == Shape.FREEBASE ? VF.createLiteral(name, "en") : VF.createLiteral(name);
    }

    /**
     * Hands one graph's statements to the sink, in order; with {@code inGraph} they carry the graph's IRI as their
     * context (TriG), else none. Returns how many.
     */
    long write(GraphRole graph, boolean inGraph, Consumer<Statement> sink) {
        IRI context = inGraph ? kg.graph(graph) : null;
        long[] triples = index.triples(graph);
        long count = 0;
        int next = 0;
        long[] subject = new long[16];
        for (int e = 0; e < index.entities(); e++) {
            // The subject's triples are contiguous (sorted by head); re-sorted by predicate IRI, as the files are.
            int n = 0;
            while (next < triples.length && index.head(triples[next]) == e) {
                if (n == subject.length) {
                    subject = Arrays.copyOf(subject, n * 2);
                }
                long t = triples[next++];
                subject[n++] = ((long) predicateRank[index.relation(t)] << 32) | index.tail(t);
            }
            if (n == subject.length) {
                subject = Arrays.copyOf(subject, n * 2);
            }
            subject[n++] = (long) nameRank << 32; // the name statement; no relation shares its predicate
            Arrays.sort(subject, 0, n);
            IRI s = entity(e);
            for (int k = 0; k < n; k++) {
                int rank = (int) (subject[k] >>> 32);
                if (rank == nameRank) {
                    sink.accept(VF.createStatement(s, nameProperty(), name(e), context));
                } else {
                    int tail = (int) subject[k];
                    sink.accept(VF.createStatement(s, byRank[rank], entity(tail), context));
                }
                count++;
            }
        }
        return count;
    }
}
