package dev.lacuna.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.breakage.NoiseGraph;
import dev.lacuna.breakage.TrapChoice;
import dev.lacuna.depth.FactIndex;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.PlainValues;
import dev.lacuna.folder.Summary;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.store.GraphChecksum;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;
import dev.lacuna.store.StoreKinds;

/**
 * {@code verify}'s checks of the broken graphs of {@code build --break}/{@code --noise}, each re-done from the
 * store's graphs and the folder's questions and rules:
 * <ul>
 * <li>replaced: every trap's triple is in replaced and not in complete, the trap is of its relation's kind (on
 * its answer side somewhere in complete) and not an answer, no rule of rules.tsv derives it from replaced; and
 * replaced is exactly incomplete plus the traps (checksum);</li>
 * <li>noisy: every body triple of every question's grounding and proof is in noisy; noisy holds only triples of
 * incomplete; each question's {@code noise_lost} is exactly its other answers whose triple noise removed;</li>
 * <li>both: the questions' fields agree with the benchmark graph's record, and summary.json's counts with the
 * graphs.</li>
 * </ul>
 * A folder without broken graphs has none of these checks.
 */
final class BrokenGraphCheck {
    private BrokenGraphCheck() {
    }

    /** The broken graphs summary.json lists, in role order; empty for a folder built without them. */
    static List<GraphRole> roles(Summary summary) {
        List<GraphRole> out = new ArrayList<>();
        for (GraphRole role : GraphRole.values()) {
            if (role.broken() && summary.brokenGraphs() != null && summary.brokenGraphs().containsKey(role.label())) {
                out.add(role);
            }
        }
        return out;
    }

    /**
     * The graphs in one read of the store, their statements plain and without context. An embedded store answers a
     * read with only the graph bound by reading a whole index, so reading the graphs one by one read it once per graph.
     * A remote store is read graph by graph: a plain SPARQL endpoint (Virtuoso) gives statements without their graph.
     */
    private static Map<IRI, List<Statement>> readTogether(RepositoryConnection conn, List<IRI> graphs) {
        Map<IRI, List<Statement>> out = new LinkedHashMap<>();
        if (graphs.size() == 1 || !StoreKinds.config(conn.getRepository()).embedded()) {
            graphs.forEach(graph -> out.put(graph, GraphFiles.read(conn, graph)));
            return out;
        }
        if (graphs.isEmpty()) {
            return out;
        }
        graphs.forEach(graph -> out.put(graph, new ArrayList<>()));
        PlainValues plain = new PlainValues(new HashMap<>());
        plain.forEachInGraphs(conn, out, (graph, st) -> out.get(graph).add(plain.plain(st)));
        return out;
    }

    static List<Verifier.Check> checks(RepositoryConnection conn, KgGraphs kg, BenchmarkFolder folder,
                                       List<Question> questions, Map<IRI, List<Statement>> stored,
                                       GraphChecksum incompleteSum) {
        List<Verifier.Check> checks = new ArrayList<>();
        Summary summary = folder.summary();
        List<GraphRole> roles = roles(summary);
        if (roles.isEmpty() && questions.stream().allMatch(q -> q.trap() == null && q.noiseLost() == null)) {
            return checks; // the paper's benchmark: verify's checks as they always were
        }
        checks.add(fieldsOnlyWithTheirGraph(questions, roles));
        if (roles.isEmpty()) {
            return checks;
        }
        // complete for the traps, incomplete for noisy: read together when both are needed.
        List<IRI> needed = new ArrayList<>();
        if (roles.contains(GraphRole.REPLACED)) {
            needed.add(kg.complete());
        }
        if (roles.contains(GraphRole.NOISY)) {
            needed.add(kg.incomplete());
        }
        Map<IRI, List<Statement>> read = readTogether(conn, needed);
        checks.add(recordsMatch(conn, kg, questions));
        if (roles.contains(GraphRole.REPLACED)) {
            FactIndex complete = FactIndex.of(kg, read.get(kg.complete()));
            List<Statement> replaced = stored.get(kg.replaced());
            // replaced's triples and their index, made once for the traps' check and the deeper questions' check
            FactIndex replacedFacts = FactIndex.of(triples(kg, replaced));
            checks.add(traps(kg, folder, questions, complete, replacedFacts));
            checks.add(replacedIsIncompletePlusTraps(kg, questions, incompleteSum, replaced));
            if (questions.stream().anyMatch(q -> q.depthOrOne() > 1)) {
                checks.add(TrapDepthCheck.check(questions, replacedFacts,
                        RuleMatcher.compile(AmieRules.read(folder.rulesFile()), kg)));
            }
            Summary.BrokenGraph s = summary.brokenGraphs().get(GraphRole.REPLACED.label());
            long traps = questions.stream().filter(q -> q.trap() != null).count();
            checks.add(counts("replaced", List.of(
                    new Count("triples", s.triples(), replaced.size()),
                    new Count("traps", s.traps(), traps),
                    new Count("without_trap", s.withoutTrap(), questions.size() - traps))));
        }
        if (roles.contains(GraphRole.NOISY)) {
            Set<Triple> incomplete = triples(kg, read.get(kg.incomplete()));
            List<Statement> noisyStatements = stored.get(kg.noisy());
            Set<Triple> noisy = triples(kg, noisyStatements);
            checks.add(proofBodiesInNoisy(questions, noisy));
            Set<Triple> removed = new HashSet<>(incomplete);
            removed.removeAll(noisy);
            checks.add(noisyWithinIncomplete(noisy, incomplete, noisyStatements.size() - noisy.size()));
            checks.add(lostAnswers(questions, removed));
            Summary.BrokenGraph s = summary.brokenGraphs().get(GraphRole.NOISY.label());
            Set<Triple> removable = new HashSet<>(incomplete);
            removable.removeAll(NoiseGraph.proofBodies(questions));
            long lost = questions.stream().mapToLong(q -> q.noiseLost() == null ? 0 : q.noiseLost().size()).sum();
            String share = summary.parameters() == null ? null : summary.parameters().get("noise");
            checks.add(counts("noisy", List.of(
                    new Count("triples", s.triples(), noisyStatements.size()),
                    new Count("removed", s.removed(), removed.size()),
                    new Count("removed = round(share x removable triples)", s.removed(),
                            s.share() == null ? -1 : Math.round(s.share() * removable.size())),
                    new Count("share = parameter noise", s.share() == null ? null : Double.doubleToLongBits(s.share()),
                            share == null ? -1 : Double.doubleToLongBits(Double.parseDouble(share))),
                    new Count("answers_lost", s.answersLost(), lost))));
        }
        return checks;
    }

    private record Count(String name, Long recorded, long actual) {
    }

    private static Verifier.Check counts(String graph, List<Count> counts) {
        List<String> failures = new ArrayList<>();
        for (Count c : counts) {
            if (c.recorded() == null || c.recorded() != c.actual()) {
                failures.add("summary.json broken_graphs." + graph + ": " + c.name() + " " + c.recorded()
                        + ", the store's graphs give " + c.actual());
            }
        }
        return new Verifier.Check("summary.json broken_graphs." + graph + " counts", counts.size(), failures);
    }

    /** A trap only where replaced exists, noise_lost on every question exactly where noisy exists. */
    private static Verifier.Check fieldsOnlyWithTheirGraph(List<Question> questions, List<GraphRole> roles) {
        List<String> failures = new ArrayList<>();
        boolean replaced = roles.contains(GraphRole.REPLACED);
        boolean noisy = roles.contains(GraphRole.NOISY);
        for (Question q : questions) {
            if (q.trap() != null && !replaced) {
                failures.add(q.id() + ": has a trap, but summary.json lists no replaced graph");
            }
            if ((q.noiseLost() != null) != noisy) {
                failures.add(q.id() + (noisy ? ": no noise_lost, though the folder has a noisy graph"
                        : ": has noise_lost, but summary.json lists no noisy graph"));
            }
        }
        return new Verifier.Check("trap and noise_lost only with their graphs", questions.size(), failures);
    }

    private static Verifier.Check traps(KgGraphs kg, BenchmarkFolder folder, List<Question> questions,
                                        FactIndex complete, FactIndex replacedFacts) {
        Map<String, List<RuleMatcher>> byHead = TrapChoice.byHeadRelation(
                RuleMatcher.compile(AmieRules.read(folder.rulesFile()), kg));
        Map<String, Set<Long>> kinds = new HashMap<>();
        List<String> failures = new ArrayList<>();
        long checked = 0;
        for (Question q : questions) {
            if (q.trap() == null) {
                continue;
            }
            checked++;
            long trap;
            try {
                trap = Long.parseLong(q.trap());
            } catch (NumberFormatException e) {
                failures.add(q.id() + ": trap '" + q.trap() + "' is not a private id");
                continue;
            }
            Triple t = TrapChoice.trapTriple(q, trap);
            String where = q.id() + ": trap " + t.tsv().replace('\t', ' ');
            if (!replacedFacts.holds(t)) {
                failures.add(where + " is not in replaced");
            }
            if (complete.holds(t) || q.answers().contains(q.trap()) || q.trap().equals(q.topicEntity())) {
                failures.add(where + " is an answer (its triple is in complete, or it is among the answers or the topic)");
            }
            boolean tails = q.side() == dev.lacuna.rules.sparql.Side.HEAD;
            Set<Long> kind = kinds.computeIfAbsent((tails ? "o " : "s ") + q.relation(), k -> {
                Set<Long> out = new HashSet<>();
                complete.triples(q.relation()).forEach(c -> out.add(tails ? c.tail() : c.head()));
                return out;
            });
            if (!kind.contains(trap)) {
                failures.add(where + " is not of the relation's kind (never on its answer side in complete)");
            }
            if (TrapChoice.derivable(byHead.getOrDefault(q.relation(), List.of()), t, replacedFacts)) {
                failures.add(where + " is derivable by a rule of rules.tsv from replaced");
            }
        }
        return new Verifier.Check("traps in replaced, not answers, of their relation's kind, not derivable", checked,
                failures);
    }

    private static Verifier.Check replacedIsIncompletePlusTraps(KgGraphs kg, List<Question> questions,
                                                                GraphChecksum incompleteSum, List<Statement> replaced) {
        GraphChecksum expected = incompleteSum.copy();
        Set<Triple> traps = new TreeSet<>();
        for (Question q : questions) {
            if (q.trap() != null && q.trap().matches("[0-9]+")) {
                traps.add(TrapChoice.trapTriple(q, Long.parseLong(q.trap())));
            }
        }
        for (Triple t : traps) {
            expected.add(kg.entity(t.head()).stringValue(), kg.relation(t.relation()).stringValue(),
                    kg.entity(t.tail()).stringValue());
        }
        GraphChecksum actual = new GraphChecksum();
        replaced.forEach(actual::add);
        List<String> failures = expected.value().equals(actual.value()) ? List.of()
                : List.of("replaced has " + actual.value() + ", incomplete plus the traps has " + expected.value());
        return new Verifier.Check("replaced = incomplete plus the traps (checksum)", 1, failures);
    }

    private static Verifier.Check proofBodiesInNoisy(List<Question> questions, Set<Triple> noisy) {
        List<String> failures = new ArrayList<>();
        long checked = 0;
        for (Question q : questions) {
            for (Triple t : NoiseGraph.proofBodies(List.of(q))) {
                checked++;
                if (!noisy.contains(t)) {
                    failures.add(q.id() + ": proof body triple " + t.tsv().replace('\t', ' ') + " missing from noisy");
                }
            }
        }
        return new Verifier.Check("every proof body triple in noisy", checked, failures);
    }

    private static Verifier.Check noisyWithinIncomplete(Set<Triple> noisy, Set<Triple> incomplete, long other) {
        List<String> failures = new ArrayList<>();
        for (Triple t : noisy) {
            if (!incomplete.contains(t)) {
                failures.add(t.tsv().replace('\t', ' ') + " is in noisy, not in incomplete");
            }
        }
        if (other != 0) {
            failures.add(other + " statements of noisy are not triples between entities of the KG");
        }
        return new Verifier.Check("noisy holds only triples of incomplete", noisy.size(), failures);
    }

    private static Verifier.Check lostAnswers(List<Question> questions, Set<Triple> removed) {
        List<String> failures = new ArrayList<>();
        for (Question q : questions) {
            List<String> expected = NoiseGraph.lostAnswers(q, removed);
            if (!expected.equals(q.noiseLost())) {
                failures.add(q.id() + ": noise_lost " + q.noiseLost() + ", the store's noisy graph lost " + expected);
            }
        }
        return new Verifier.Check("noise_lost = the other answers whose triple noisy lacks", questions.size(), failures);
    }

    /** Each question's trap and lost answers against the benchmark graph's record of them. */
    private static Verifier.Check recordsMatch(RepositoryConnection conn, KgGraphs kg, List<Question> questions) {
        Map<String, String> traps = new HashMap<>();
        Map<String, Set<String>> lost = new HashMap<>();
        String prefix = kg.questionPrefix();
        for (Statement st : conn.getStatements(null, LacunaVocab.TRAP, null, false, kg.benchmark())) {
            traps.put(st.getSubject().stringValue().substring(prefix.length()),
                    Long.toString(kg.privateId((IRI) st.getObject())));
        }
        for (Statement st : conn.getStatements(null, LacunaVocab.NOISE_LOST, null, false, kg.benchmark())) {
            lost.computeIfAbsent(st.getSubject().stringValue().substring(prefix.length()), k -> new TreeSet<>())
                    .add(Long.toString(kg.privateId((IRI) st.getObject())));
        }
        List<String> failures = new ArrayList<>();
        for (Question q : questions) {
            if (!Objects.equals(q.trap(), traps.get(q.id()))) {
                failures.add(q.id() + ": trap " + q.trap() + ", the benchmark graph records " + traps.get(q.id()));
            }
            Set<String> given = q.noiseLost() == null ? Set.of() : new TreeSet<>(q.noiseLost());
            if (!given.equals(lost.getOrDefault(q.id(), Set.of()))) {
                failures.add(q.id() + ": noise_lost " + given + ", the benchmark graph records "
                        + lost.getOrDefault(q.id(), Set.of()));
            }
        }
        return new Verifier.Check("traps and lost answers as the benchmark graph records them", questions.size(), failures);
    }

    private static Set<Triple> triples(KgGraphs kg, List<Statement> statements) {
        Set<Triple> out = new HashSet<>(statements.size() * 2);
        for (Statement st : statements) {
            Triple t = NoiseGraph.triple(kg, st);
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }
}
