package dev.lacuna.view;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.store.GraphCopy;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * A label or Freebase view of the complete and incomplete graphs, materialised into a separate repository
 * (by default an in-memory store) under the same graph IRIs.
 *
 * <p>Why materialised rather than rewriting IRIs in queries and results: KG-RAG clients filter on the text of
 * IRIs and names (GoG's {@code regex(?p, ...)}, PoG's {@code langMatches}, ToG's {@code FILTER(?entity = ns:X)}),
 * and a rewrite can only follow constants, not strings built at query time; a materialised view answers every
 * query exactly as a store holding that data would. Its cost is a copy: CoDEx-M (2 x 185k triples plus names)
 * builds in a few seconds (see target/bench/serve.md), and the source store is never written.
 *
 * <p>In every view each entity has exactly one name triple ({@code rdfs:label} in the plain shape,
 * {@code ns:type.object.name} in the Freebase shape) in both graphs, so the two graphs still differ by exactly
 * the deleted triples. Entity IRIs always carry the private id, so only the name changes between label modes.
 */
public final class KgView {
    public static final String FREEBASE_NS = "http://rdf.freebase.com/ns/";
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    public static final IRI TYPE_OBJECT_NAME = VF.createIRI(FREEBASE_NS + "type.object.name");
    private static final Logger LOG = LoggerFactory.getLogger(KgView.class);

    /** What an entity is called in the source store's labels graph. */
    private record EntityNames(long privateId, String sourceId, String text) {
    }

    private final Repository repository;
    private final long triples;
    private final int entities;
    private final long millis;

    private KgView(Repository repository, long triples, int entities, long millis) {
        this.repository = repository;
        this.triples = triples;
        this.entities = entities;
        this.millis = millis;
    }

    /** Whether a label mode and shape need a view at all: private names in the plain shape are the store as is. */
    public static boolean needed(LabelMode labels, Shape shape) {
        return labels != LabelMode.PRIVATE || shape != Shape.PLAIN;
    }

    /**
     * Copies complete and incomplete of the source (and its broken graphs, if any), mapped to the view, into the
     * target repository (initialised, empty; those graphs are replaced there).
     */
    public static KgView build(Repository source, KgGraphs kg, LabelMode labels, Shape shape, Repository target) {
        long start = System.nanoTime();
        Mapper mapper = new Mapper(kg, labels, shape);
        try (RepositoryConnection in = source.getConnection(); RepositoryConnection out = target.getConnection()) {
            mapper.readNames(in);
            out.setIsolationLevel(IsolationLevels.NONE);
            long triples = 0;
            Set<IRI> seen = new HashSet<>();
            List<IRI> graphs = graphs(in, kg);
            for (IRI graph : graphs) {
                triples += GraphCopy.copy(in, out, graph, st -> VF.createStatement(
                        (Resource) mapper.entity(st.getSubject(), seen), mapper.relation(st.getPredicate()),
                        mapper.entity(st.getObject(), seen)));
            }
            // One name per entity, the same in both graphs: the graphs then differ by the deleted triples only.
            Set<IRI> entities = new HashSet<>(mapper.names.keySet());
            entities.addAll(seen);
            out.begin();
            for (IRI entity : entities) {
                Resource viewEntity = (Resource) mapper.entity(entity, null);
                Literal name = mapper.name(entity);
                for (IRI graph : graphs) {
                    out.add(viewEntity, mapper.nameProperty(), name, graph);
                    triples++;
                }
            }
            out.commit();
            long millis = (System.nanoTime() - start) / 1_000_000;
            LOG.info("built the {} view with {} names: {} triples, {} entities in {} ms",
                    shape.label(), labels.label(), triples, entities.size(), millis);
            return new KgView(target, triples, entities.size(), millis);
        }
    }

    /**
     * complete and incomplete, and the broken graphs of {@code build --break}/{@code --noise} where the store has them:
     * an endpoint that exposes one of those serves it through the view like the others.
     */
    private static List<IRI> graphs(RepositoryConnection in, KgGraphs kg) {
        List<IRI> graphs = new ArrayList<>(List.of(kg.complete(), kg.incomplete()));
        for (IRI broken : new IRI[] {kg.replaced(), kg.noisy()}) {
            if (in.hasStatement(null, null, null, false, broken)) {
                graphs.add(broken);
            }
        }
        return graphs;
    }

    public Repository repository() {
        return repository;
    }

    public long triples() {
        return triples;
    }

    public int entities() {
        return entities;
    }

    public long buildMillis() {
        return millis;
    }

    /**
     * An entity's name in a label setting; {@code lacuna export} names entities through this too, so that a
     * served graph and an exported one (and the questions written with it) always agree. A missing text label
     * falls back to the source id, a missing source id to the private id.
     */
    public static String entityName(LabelMode labels, String privateName, String source, String text) {
        return switch (labels) {
            case PRIVATE -> privateName;
            case SOURCE -> source != null && !source.isEmpty() ? source : privateName;
            case TEXT -> text != null && !text.isEmpty() ? text
                    : source != null && !source.isEmpty() ? source : privateName;
        };
    }

    /** The Freebase-shaped relation name of a source relation name: "/people/person/nationality" -> "people.person.nationality". */
    public static String dottedName(String sourceName) {
        String s = sourceName.startsWith("/") ? sourceName.substring(1) : sourceName;
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '/') {
                b.append('.');
            } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
                    || c == '-' || c == '.') {
                b.append(c);
            } else {
                b.append('_');
            }
        }
        // A prefixed name's local part may not start with '.' or '-' nor end with '.': ToG writes ns:%s.
        if (b.length() == 0 || b.charAt(0) == '.' || b.charAt(0) == '-') {
            b.insert(0, 'r');
        }
        if (b.charAt(b.length() - 1) == '.') {
            b.append('_');
        }
        return b.toString();
    }

    /** Maps the store's terms to the view's. */
    private static final class Mapper {
        private final KgGraphs kg;
        private final LabelMode labels;
        private final Shape shape;
        private final Map<IRI, EntityNames> names = new HashMap<>();
        private final Map<IRI, IRI> relations = new HashMap<>();
        private final Map<String, IRI> relationsByName = new LinkedHashMap<>();

        Mapper(KgGraphs kg, LabelMode labels, Shape shape) {
            this.kg = kg;
            this.labels = labels;
            this.shape = shape;
        }

        void readNames(RepositoryConnection in) {
            Map<IRI, long[]> ids = new HashMap<>();
            Map<IRI, String> sources = new HashMap<>();
            Map<IRI, String> texts = new HashMap<>();
            try (RepositoryResult<Statement> statements = in.getStatements(null, null, null, false, kg.labels())) {
                for (Statement st : statements) {
                    if (!(st.getSubject() instanceof IRI e)) {
                        continue;
                    }
                    IRI p = st.getPredicate();
                    if (p.equals(LacunaVocab.PRIVATE_ID) && st.getObject() instanceof Literal l) {
                        ids.put(e, new long[] {l.longValue()});
                    } else if (p.equals(LacunaVocab.SOURCE_ID)) {
                        sources.put(e, st.getObject().stringValue());
                    } else if (p.equals(RDFS.LABEL)) {
                        texts.putIfAbsent(e, st.getObject().stringValue());
                    }
                }
            }
            Set<IRI> all = new HashSet<>(ids.keySet());
            all.addAll(sources.keySet());
            all.addAll(texts.keySet());
            for (IRI e : all) {
                long id = ids.containsKey(e) ? ids.get(e)[0] : kg.privateId(e);
                // The labels graph also names the KG node itself (rdfs:label "family"): only entities get a name.
                if (id >= 0) {
                    names.put(e, new EntityNames(id, sources.get(e), texts.get(e)));
                }
            }
        }

        /** Entities of this KG get the view's IRI; literals and foreign IRIs stay as they are. */
        Value entity(Value v, Set<IRI> seen) {
            if (!(v instanceof IRI iri)) {
                return v;
            }
            long id = kg.privateId(iri);
            if (id < 0) {
                EntityNames n = names.get(iri);
                if (n == null || n.privateId() < 0) {
                    return v;
                }
                id = n.privateId();
            }
            if (seen != null) {
                seen.add(iri);
            }
            return shape == Shape.FREEBASE ? VF.createIRI(FREEBASE_NS + "m." + id) : iri;
        }

        IRI relation(IRI p) {
            if (shape == Shape.PLAIN) {
                return p;
            }
            return relations.computeIfAbsent(p, k -> {
                String base = dottedName(kg.relationName(k));
                String name = base;
                for (int i = 2; relationsByName.containsKey(name) || name.equals("type.object.name"); i++) {
                    name = base + "_" + i;
                }
                IRI mapped = VF.createIRI(FREEBASE_NS + name);
                relationsByName.put(name, mapped);
                return mapped;
            });
        }

        IRI nameProperty() {
            return shape == Shape.FREEBASE ? TYPE_OBJECT_NAME : RDFS.LABEL;
        }

        /** The entity's name in this label mode; a missing name falls back to the source id, then the private id. */
        Literal name(IRI entity) {
            EntityNames n = names.get(entity);
            long id = n != null && n.privateId() >= 0 ? n.privateId() : kg.privateId(entity);
            String privateName = id >= 0 ? Long.toString(id) : entity.stringValue();
            String source = n == null ? null : n.sourceId();
            String text = n == null ? null : n.text();
            String name = entityName(labels, privateName, source, text);
            // Freebase's names are English-tagged; clients filter with langMatches(lang(?n), "en").
            return shape == Shape.FREEBASE ? VF.createLiteral(name, "en") : VF.createLiteral(name);
        }
    }
}
