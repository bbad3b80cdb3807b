package dev.lacuna.tog;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDFS;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.view.KgView;
import dev.lacuna.view.Shape;

/**
 * How the endpoint names entities, relations and names, in each shape {@code lacuna serve} gives a graph. ToG writes
 * Freebase's: entities {@code ns:m.ID}, relations as dotted names, {@code ns:type.object.name}; it strips the
 * namespace from what the endpoint returns and keeps only ids starting {@code m.} as entities. The plain shape is the
 * same walk over Lacuna's own IRIs: an entity is its private id, a relation its source name, a name its
 * {@code rdfs:label}.
 */
final class EndpointNaming {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private final Shape shape;
    private final KgGraphs kg;

    private EndpointNaming(Shape shape, KgGraphs kg) {
        this.shape = shape;
        this.kg = kg;
    }

    static EndpointNaming freebase() {
        return new EndpointNaming(Shape.FREEBASE, null);
    }

    /** The plain shape of the KG whose benchmark the questions come from. */
    static EndpointNaming plain(KgGraphs kg) {
        return new EndpointNaming(Shape.PLAIN, kg);
    }

    Shape shape() {
        return shape;
    }

    /** The topic entity of a question, whose record names it by its private id. */
    String topicId(String privateId) {
        return shape == Shape.FREEBASE ? "m." + privateId : privateId;
    }

    IRI entity(String id) {
        return VF.createIRI(shape == Shape.FREEBASE ? KgView.FREEBASE_NS + id : kg.entityPrefix() + id);
    }

    /** A relation as the pruning named it; a name that is already an IRI (a foreign predicate) stays one. */
    IRI relation(String name) {
        if (shape == Shape.FREEBASE) {
            return VF.createIRI(KgView.FREEBASE_NS + name);
        }
        return name.contains("://") ? VF.createIRI(name) : kg.relation(name);
    }

    IRI nameProperty() {
        return shape == Shape.FREEBASE ? KgView.TYPE_OBJECT_NAME : RDFS.LABEL;
    }

    /** A relation IRI from the endpoint as ToG shows it to the pruning: without its namespace. */
    String relationName(String iri) {
        if (shape == Shape.FREEBASE) {
            return iri.replace(KgView.FREEBASE_NS, "");
        }
        return kg.relationName(VF.createIRI(iri));
    }

    /** The entity id of a value the endpoint returned, or null when it is not an entity (a literal, a foreign IRI). */
    String entityId(String value) {
        if (shape == Shape.FREEBASE) {
            String id = value.replace(KgView.FREEBASE_NS, "");
            return id.startsWith("m.") ? id : null;
        }
        return value.startsWith(kg.entityPrefix()) ? value.substring(kg.entityPrefix().length()) : null;
    }

    /**
     * ToG's {@code abandon_rels}: Freebase's bookkeeping relations, which never help a question; in the plain shape
     * also the name property, which the Freebase shape's {@code type.object.name} already is.
     */
    boolean abandoned(String relation) {
        return relation.equals("type.object.type") || relation.equals("type.object.name")
                || relation.startsWith("common.") || relation.startsWith("freebase.") || relation.contains("sameAs")
                || relation.equals(nameProperty().stringValue());
    }
}
