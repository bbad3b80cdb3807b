package dev.lacuna.rules.sparql;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

import dev.lacuna.BadInputException;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * Rules with constants name their entities the way they were mined: by IRI when mined from a store, by the KG
 * file's own name (the source id) when mined from a file or by AMIE3. Queries need IRIs, so this maps each source
 * id to its entity through the labels graph ({@code <entity> lacuna:sourceId "name"}), as the loader wrote it,
 * just as relation names map to relation IRIs.
 */
public final class EntityConstants {
    private EntityConstants() {
    }

    /** The rules with every constant that is not already an absolute IRI replaced by its entity's IRI. */
    public static List<MinedRule> resolve(RepositoryConnection c, KgGraphs kg, List<MinedRule> rules) {
        Map<String, String> cache = new HashMap<>();
        List<MinedRule> out = new ArrayList<>(rules.size());
        for (int i = 0; i < rules.size(); i++) {
            MinedRule m = rules.get(i);
            Rule r = m.rule();
            if (!r.hasConstants()) {
                out.add(m);
                continue;
            }
            int ruleNo = i + 1;
            List<Atom> body = new ArrayList<>();
            for (Atom a : r.body()) {
                body.add(resolve(c, kg, a, cache, ruleNo, r));
            }
            Atom head = resolve(c, kg, r.head(), cache, ruleNo, r);
            out.add(new MinedRule(Rule.of(body, head), m.measures()));
        }
        return out;
    }

    private static Atom resolve(RepositoryConnection c, KgGraphs kg, Atom a, Map<String, String> cache, int ruleNo,
            Rule rule) {
        if (a.subjectConstant() != null) {
            return Atom.withSubjectConstant(iri(c, kg, a.subjectConstant(), cache, ruleNo, rule), a.relation(),
                    a.object());
        }
        if (a.objectConstant() != null) {
            return Atom.withObjectConstant(a.subject(), a.relation(),
                    iri(c, kg, a.objectConstant(), cache, ruleNo, rule));
        }
        return a;
    }

    private static String iri(RepositoryConnection c, KgGraphs kg, String name, Map<String, String> cache, int ruleNo,
            Rule rule) {
        if (isAbsoluteIri(name)) {
            return name;
        }
        String known = cache.get(name);
        if (known != null) {
            return known;
        }
        String iri = entityIri(c, kg, name);
        if (iri != null) {
            cache.put(name, iri);
            return iri;
        }
        throw new BadInputException("rule " + ruleNo + " (" + rule.toAmie() + "): constant '" + name
                + "' is not an entity of KG '" + kg.name() + "' (no entity has that source id in " + kg.labels() + ")");
    }

    /** The IRI of the KG's entity with that source id (the name in the KG file), or null if there is none. */
    public static String entityIri(RepositoryConnection c, KgGraphs kg, String sourceId) {
        try (RepositoryResult<Statement> st = c.getStatements(null, LacunaVocab.SOURCE_ID,
                SimpleValueFactory.getInstance().createLiteral(sourceId), false, kg.labels())) {
            for (Statement s : st) {
                Resource e = s.getSubject();
                if (e instanceof IRI) {
                    return e.stringValue();
                }
            }
        }
        return null;
    }

    static boolean isAbsoluteIri(String name) {
        try {
            return new URI(name).isAbsolute();
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
