package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.lacuna.BadInputException;
import dev.lacuna.Choice;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.Rule;

/**
 * Which relations a rule may conclude and which its body may use: AMIE3's {@code -htr} (head target relations: only
 * these heads), {@code -hexr} (head excluded), {@code -btr} (body target relations: only these in bodies) and
 * {@code -bexr} (body excluded), with AMIE3's semantics (a target list and an excluded list of one side do not go
 * together; a head target is mined whatever {@code --minis}, as AMIE3 seeds its targets), and one choice of Lacuna's
 * own: the {@link Vocabulary} of RDF, RDFS and OWL ({@code rdf:type}, {@code rdfs:subClassOf}, {@code owl:sameAs},
 * ...), whose relations an RDF dump carries beside its facts. By default they are neither heads nor body atoms: a
 * rule concluding {@code rdf:type} asks "what is the type of X", and schema triples are not facts to reason over.
 * None of the paper's KGs has such a relation, so the default leaves their rules as they are.
 *
 * <p>{@code mine} applies the choice while it searches; {@code build} also applies it to rules read from a file, so
 * that no question asks about an excluded head. Names are the KG's relation names (an RDF predicate's IRI), and may
 * be written {@code rdf:type}, {@code rdfs:...}, {@code owl:...} or in AMIE3's angle brackets; {@link #resolve}
 * turns them into the KG's own names and refuses one the KG does not have.
 *
 * @param vocabulary   what the RDF/RDFS/OWL vocabulary may be
 * @param headTargets  the only relations a head may have (empty: any)
 * @param headExcluded relations no head may have
 * @param bodyTargets  the only relations a body atom may have (empty: any)
 * @param bodyExcluded relations no body atom may have
 */
public record RelationChoice(Vocabulary vocabulary, List<String> headTargets, List<String> headExcluded,
                             List<String> bodyTargets, List<String> bodyExcluded) {

    /** What the relations of the RDF, RDFS and OWL vocabularies may be in a rule. */
    public enum Vocabulary implements Choice {
        /** Neither heads nor body atoms (the default). */
        EXCLUDE,
        /** Body atoms only: with {@code --const}, {@code ?x rdf:type C} can restrict a rule; no question asks a type. */
        BODY,
        /** Heads and body atoms, as any other relation. */
        ALLOW;

        public static Vocabulary parse(String word) {
            return Choice.parse(Vocabulary.class, "--vocabulary", word);
        }
    }

    /** The namespaces of the vocabulary. */
    public static final List<String> VOCABULARY_NAMESPACES = List.of("http://www.w3.org/1999/02/22-rdf-syntax-ns#",
            "http://www.w3.org/2000/01/rdf-schema#", "http://www.w3.org/2002/07/owl#");
    private static final Map<String, String> PREFIXES = Map.of("rdf:", VOCABULARY_NAMESPACES.get(0),
            "rdfs:", VOCABULARY_NAMESPACES.get(1), "owl:", VOCABULARY_NAMESPACES.get(2));

    /** The vocabulary excluded, no list given. */
    public static final RelationChoice DEFAULT = new RelationChoice(Vocabulary.EXCLUDE, List.of(), List.of(), List.of(),
            List.of());

    public RelationChoice {
        headTargets = distinct(headTargets);
        headExcluded = distinct(headExcluded);
        bodyTargets = distinct(bodyTargets);
        bodyExcluded = distinct(bodyExcluded);
        if (!headTargets.isEmpty() && !headExcluded.isEmpty()) {
            throw new BadInputException("--head-target-relations and --head-excluded-relations do not go together (as"
                    + " in AMIE3): give the heads to mine, or those not to mine");
        }
        if (!bodyTargets.isEmpty() && !bodyExcluded.isEmpty()) {
            throw new BadInputException("--body-target-relations and --body-excluded-relations do not go together (as"
                    + " in AMIE3): give the body relations to use, or those not to use");
        }
    }

    /** Whether the relation is of the RDF, RDFS or OWL vocabulary. */
    public static boolean vocabulary(String relation) {
        for (String ns : VOCABULARY_NAMESPACES) {
            if (relation.startsWith(ns)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a rule may conclude the relation. */
    public boolean head(String relation) {
        if (vocabulary != Vocabulary.ALLOW && vocabulary(relation)) {
            return false;
        }
        return (headTargets.isEmpty() || headTargets.contains(relation)) && !headExcluded.contains(relation);
    }

    /** Whether a rule's body may use the relation. */
    public boolean body(String relation) {
        if (vocabulary == Vocabulary.EXCLUDE && vocabulary(relation)) {
            return false;
        }
        return (bodyTargets.isEmpty() || bodyTargets.contains(relation)) && !bodyExcluded.contains(relation);
    }

    /** Whether a head relation is named by {@code --head-target-relations} (mined whatever {@code --minis}). */
    public boolean targeted(String relation) {
        return headTargets.contains(relation);
    }

    /** Whether the rule's head and every body atom are allowed. */
    public boolean allows(Rule rule) {
        if (!head(rule.head().relation())) {
            return false;
        }
        for (Atom a : rule.body()) {
            if (!body(a.relation())) {
                return false;
            }
        }
        return true;
    }

    /** Whether this is the default: the vocabulary excluded and no list given. */
    public boolean isDefault() {
        return equals(DEFAULT);
    }

    /**
     * The same choice with every name as the KG spells it. A name is taken as written if the KG has that relation,
     * else with {@code rdf:}, {@code rdfs:} or {@code owl:} expanded, else without AMIE3's angle brackets.
     *
     * @param kg names the KG in messages ("KG 'family'")
     * @throws BadInputException (exit 2) for a name that is no relation of the KG, or a target the vocabulary setting
     *                           keeps out
     */
    public RelationChoice resolve(Collection<String> relations, String kg) {
        Set<String> known = Set.copyOf(relations);
        RelationChoice r = new RelationChoice(vocabulary, resolve(headTargets, known, "--head-target-relations", kg),
                resolve(headExcluded, known, "--head-excluded-relations", kg),
                resolve(bodyTargets, known, "--body-target-relations", kg),
                resolve(bodyExcluded, known, "--body-excluded-relations", kg));
        for (String t : r.headTargets) {
            if (vocabulary != Vocabulary.ALLOW && vocabulary(t)) {
                throw new BadInputException("--head-target-relations names " + t + ", of the RDF/OWL vocabulary, which --vocabulary "
                        + vocabulary.label() + " keeps out of heads: give --vocabulary allow to mine it");
            }
        }
        for (String t : r.bodyTargets) {
            if (vocabulary == Vocabulary.EXCLUDE && vocabulary(t)) {
                throw new BadInputException("--body-target-relations names " + t + ", of the RDF/OWL vocabulary, which --vocabulary"
                        + " exclude (the default) keeps out of bodies: give --vocabulary body or allow to use it");
            }
        }
        return r;
    }

    private static List<String> resolve(List<String> names, Set<String> known, String option, String kg) {
        List<String> out = new ArrayList<>();
        for (String name : names) {
            String found = spelled(name, known);
            if (found == null) {
                List<String> some = new ArrayList<>(new TreeSet<>(known));
                throw new BadInputException(option + " names '" + name + "', which is no relation of " + kg
                        + " (its relations: " + String.join(", ", some.subList(0, Math.min(8, some.size())))
                        + (some.size() > 8 ? ", ... " + some.size() + " in all" : "") + ")");
            }
            out.add(found);
        }
        return out;
    }

    private static String spelled(String name, Set<String> known) {
        if (known.contains(name)) {
            return name;
        }
        for (Map.Entry<String, String> p : PREFIXES.entrySet()) {
            if (name.startsWith(p.getKey()) && known.contains(p.getValue() + name.substring(p.getKey().length()))) {
                return p.getValue() + name.substring(p.getKey().length());
            }
        }
        if (name.length() > 2 && name.startsWith("<") && name.endsWith(">")) {
            return spelled(name.substring(1, name.length() - 1), known);
        }
        return null;
    }

    /** The relations of a KG this choice keeps out of heads, sorted. */
    public List<String> notHeads(Collection<String> relations) {
        return relations.stream().filter(r -> !head(r)).sorted().toList();
    }

    /** The relations of a KG this choice keeps out of bodies, sorted. */
    public List<String> notInBodies(Collection<String> relations) {
        return relations.stream().filter(r -> !body(r)).sorted().toList();
    }

    /**
     * The choice as summary.json's {@code parameters} record it, added to {@code p}: each list given, and the
     * vocabulary setting when it is not the default or keeps some relation of this KG out. Nothing for the default on
     * a KG without vocabulary relations (the paper's three), so their folders stay as they were.
     */
    public void addParameters(Map<String, String> p, Collection<String> relations) {
        if (vocabulary != Vocabulary.EXCLUDE || relations.stream().anyMatch(RelationChoice::vocabulary)) {
            p.put("vocabulary", vocabulary.label());
        }
        put(p, "head_target_relations", headTargets);
        put(p, "head_excluded_relations", headExcluded);
        put(p, "body_target_relations", bodyTargets);
        put(p, "body_excluded_relations", bodyExcluded);
    }

    private static void put(Map<String, String> p, String key, List<String> names) {
        if (!names.isEmpty()) {
            p.put(key, String.join(",", names));
        }
    }

    /** One line for the mining note: what is kept out, or null when nothing of this KG is. */
    public String describe(Collection<String> relations) {
        List<String> notHeads = notHeads(relations);
        List<String> notInBodies = notInBodies(relations);
        if (notHeads.isEmpty() && notInBodies.isEmpty() && headTargets.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        if (!headTargets.isEmpty()) {
            parts.add("heads only " + String.join(", ", headTargets));
        } else if (!notHeads.isEmpty()) {
            parts.add("not as heads: " + String.join(", ", notHeads));
        }
        if (!notInBodies.isEmpty()) {
            parts.add("not in bodies: " + String.join(", ", notInBodies));
        }
        return String.join("; ", parts) + " (--vocabulary " + vocabulary.label() + (headTargets.isEmpty()
                && headExcluded.isEmpty() && bodyTargets.isEmpty() && bodyExcluded.isEmpty() ? "" : " and the lists given")
                + ")";
    }

    private static List<String> distinct(List<String> names) {
        return names == null ? List.of() : List.copyOf(new LinkedHashSet<>(names));
    }
}
