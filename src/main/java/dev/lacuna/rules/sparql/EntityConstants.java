package dev.lacuna.rules.sparql;

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
import dev.lacuna.Messages;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * A rule's constants resolved as the KG names its entities, the one mapping that {@code build}, {@code compile},
 * {@code rules import} and the AnyBURL import share. A rule file names an entity by the KG file's own name (its
 * source id: AMIE3's files, AnyBURL's, {@code lacuna mine --input}'s) or by the entity's IRI in the store
 * ({@code lacuna mine --kg}, which mines the store's private-id IRIs). The store keeps each entity's source id in
 * the labels graph ({@code <entity> lacuna:sourceId "name"}, as the loader wrote it), so a constant is first looked
 * up there, whatever it looks like: {@code wd:Q96}, as Wikidata dumps name entities, is a name, though it parses as
 * an IRI with the scheme {@code wd}; taken as an IRI it matched nothing, silently. Only when no entity has that name is
 * it taken as an entity IRI of this KG. A constant that names no entity is an error, never a rule that matches
 * nothing.
 */
public final class EntityConstants {
    private EntityConstants() {
    }

    /**
     * The rules with every constant replaced by its entity's IRI ({@link #entityIri}). {@code source} and
     * {@code lines} (each rule's line, or null) say where a constant that names no entity is.
     */
    public static List<MinedRule> resolve(RepositoryConnection c, KgGraphs kg, List<MinedRule> rules, String source,
            List<Long> lines) {
        Map<String, String> cache = new HashMap<>();
        List<MinedRule> out = new ArrayList<>(rules.size());
        for (int i = 0; i < rules.size(); i++) {
            MinedRule m = rules.get(i);
            Rule r = m.rule();
            if (!r.hasConstants()) {
                out.add(m);
                continue;
            }
            long line = lines == null ? -1 : lines.get(i);
            // with its line the rule is found; without one, by its place in the list
            String where = lines == null ? "rule " + (i + 1) + " (" + Messages.echo(r.toAmie()) + ")"
                    : "rule '" + Messages.echo(r.toAmie()) + "'";
            List<Atom> body = new ArrayList<>();
            for (Atom a : r.body()) {
                body.add(resolve(c, kg, a, cache, source, line, where));
            }
            Atom head = resolve(c, kg, r.head(), cache, source, line, where);
            out.add(new MinedRule(Rule.of(body, head), m.measures()));
        }
        return out;
    }

    /** As {@link #resolve(RepositoryConnection, KgGraphs, List, String, List)}, naming rules by their place. */
    public static List<MinedRule> resolve(RepositoryConnection c, KgGraphs kg, List<MinedRule> rules) {
        return resolve(c, kg, rules, null, null);
    }

    /** True if every constant of the rules is already an entity IRI of the KG's form, so nothing needs a store. */
    public static boolean resolved(KgGraphs kg, List<MinedRule> rules) {
        for (MinedRule m : rules) {
            List<Atom> atoms = new ArrayList<>(m.rule().body());
            atoms.add(m.rule().head());
            for (Atom a : atoms) {
                for (String constant : new String[] {a.subjectConstant(), a.objectConstant()}) {
                    if (constant != null && !isEntityIri(kg, constant)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static Atom resolve(RepositoryConnection c, KgGraphs kg, Atom a, Map<String, String> cache, String source,
            long line, String where) {
        if (a.subjectConstant() != null) {
            return Atom.withSubjectConstant(iri(c, kg, a.subjectConstant(), cache, source, line, where), a.relation(),
                    a.object());
        }
        if (a.objectConstant() != null) {
            return Atom.withObjectConstant(a.subject(), a.relation(),
                    iri(c, kg, a.objectConstant(), cache, source, line, where));
        }
        return a;
    }

    private static String iri(RepositoryConnection c, KgGraphs kg, String name, Map<String, String> cache,
            String source, long line, String where) {
        String known = cache.get(name);
        if (known != null) {
            return known;
        }
        String iri;
        try {
            iri = entityIri(c, kg, name);
        } catch (BadInputException e) {
            throw new BadInputException(source, line, -1, where + ": " + e.problem());
        }
        if (iri == null) {
            throw new BadInputException(source, line, -1, where + ": constant '" + Messages.echo(name)
                    + "' is not an entity of KG '" + kg.name() + "' (no entity has that name in the KG's file,"
                    + " nor is it an entity IRI of the KG); a rule with it would match nothing");
        }
        cache.put(name, iri);
        return iri;
    }

    /**
     * The IRI of the KG's entity that a rule's constant names: the entity whose source id (the name in the KG file)
     * it is, else the entity whose IRI it is; null if neither. A name that is one entity's source id and another
     * entity's IRI is refused as ambiguous.
     */
    public static String entityIri(RepositoryConnection c, KgGraphs kg, String name) {
        String bySourceId = null;
        try (RepositoryResult<Statement> st = c.getStatements(null, LacunaVocab.SOURCE_ID,
                SimpleValueFactory.getInstance().createLiteral(name), false, kg.labels())) {
            for (Statement s : st) {
                Resource e = s.getSubject();
                if (e instanceof IRI) {
                    bySourceId = e.stringValue();
                    break;
                }
            }
        }
        String byIri = null;
        if (isEntityIri(kg, name)) {
            IRI entity = SimpleValueFactory.getInstance().createIRI(name);
            if (c.hasStatement(entity, LacunaVocab.PRIVATE_ID, null, false, kg.labels())) {
                byIri = name;
            }
        }
        if (bySourceId != null && byIri != null && !bySourceId.equals(byIri)) {
            throw new BadInputException("constant '" + Messages.echo(name) + "' is the KG file's name of <"
                    + bySourceId + "> and the IRI of another entity, which is ambiguous: rename that entity in the KG file");
        }
        return bySourceId != null ? bySourceId : byIri;
    }

    /** True if {@code name} has the form of an entity IRI of this KG (its entity prefix and a private id). */
    static boolean isEntityIri(KgGraphs kg, String name) {
        if (!name.startsWith(kg.entityPrefix())) {
            return false;
        }
        try {
            return kg.privateId(SimpleValueFactory.getInstance().createIRI(name)) >= 0;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
