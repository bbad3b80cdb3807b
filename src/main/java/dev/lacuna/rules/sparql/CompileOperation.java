package dev.lacuna.rules.sparql;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryException;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * {@code lacuna compile}: the SPARQL of rules (groundings, predictions, body check, counts), printed so that users
 * can paste it into any SPARQL client, written as one .rq file per rule and query, or run on a store. The command
 * only parses options into {@link Settings}.
 */
public final class CompileOperation {
    /**
     * @param rulesFile the AMIE3 rules file
     * @param rule      only this rule (1-based), or null for all
     * @param kind      which queries
     * @param graph     the graph the queries read
     * @param limit     groundings: draw at most this many with the seed, or null for all
     * @param seed      the seed of the drawn groundings
     * @param topic     predictions: only answers for this entity, or null
     * @param side      predictions: the topic's side of the head triple
     * @param subject   body: bind ?a to this entity, or null
     * @param object    body: bind ?b to this entity, or null
     */
    public record Settings(Path rulesFile, Integer rule, CompileKind kind, GraphRole graph, Integer limit, long seed,
                           IRI topic, Side side, IRI subject, IRI object) {
    }

    /** One compiled query of one rule: a file-name suffix and the text. */
    public record Compiled(int ruleNumber, MinedRule rule, String name, String sparql) {
    }

    private CompileOperation() {
    }

    /**
     * Every query of the settings, rule by rule; a rule the compiler refuses is reported at its line. Constants that
     * are the KG file's names are resolved to the KG's entity IRIs through the store ({@link EntityConstants}), which
     * {@code store} opens only then (and shuts down again); a constant that names no entity is refused at its line.
     */
    public static List<Compiled> compile(Settings s, KgGraphs kg, Supplier<Repository> store) {
        List<Long> lines = new ArrayList<>();
        List<MinedRule> rules = AmieRules.read(s.rulesFile(), lines);
        List<Integer> numbers = new ArrayList<>();
        if (s.rule() != null) {
            int n = s.rule();
            if (n < 1 || n > rules.size()) {
                throw new BadInputException(s.rulesFile().toString(), -1, -1, "no rule " + n + ": the file has "
                        + rules.size() + " rules, numbered 1 to " + rules.size());
            }
            numbers.add(n);
        } else {
            for (int n = 1; n <= rules.size(); n++) {
                numbers.add(n);
            }
        }
        List<MinedRule> chosen = new ArrayList<>();
        List<Long> chosenLines = new ArrayList<>();
        for (int n : numbers) {
            chosen.add(rules.get(n - 1));
            chosenLines.add(lines.get(n - 1));
        }
        if (!EntityConstants.resolved(kg, chosen)) {
            chosen = resolve(store, kg, chosen, s.rulesFile(), chosenLines);
        }
        RuleCompiler compiler = new RuleCompiler(kg);
        IRI graph = kg.graph(s.graph());
        List<Compiled> queries = new ArrayList<>();
        for (int i = 0; i < numbers.size(); i++) {
            int n = numbers.get(i);
            try {
                queries.addAll(compile(compiler, n, chosen.get(i), s, graph));
            } catch (BadInputException e) {
                throw new BadInputException(s.rulesFile().toString(), chosenLines.get(i), -1,
                        "rule " + n + ": " + e.problem());
            }
        }
        return queries;
    }

    private static List<MinedRule> resolve(Supplier<Repository> store, KgGraphs kg, List<MinedRule> rules, Path file,
            List<Long> lines) {
        Repository repository = store.get();
        try (RepositoryConnection c = repository.getConnection()) {
            return EntityConstants.resolve(c, kg, rules, file.toString(), lines);
        } catch (RepositoryException e) {
            throw new LacunaException("store failed while resolving the rules' constants: " + e.getMessage(), e);
        } finally {
            repository.shutDown();
        }
    }

    private static List<Compiled> compile(RuleCompiler c, int n, MinedRule m, Settings s, IRI graph) {
        Rule rule = m.rule();
        return switch (s.kind()) {
            case GROUNDINGS -> List.of(new Compiled(n, m, "groundings", s.limit() != null
                    ? c.sampledGroundings(rule, graph, s.limit(), s.seed()) : c.groundings(rule, graph)));
            case PREDICTIONS -> List.of(new Compiled(n, m, "predictions", s.topic() != null
                    ? c.predictions(rule, graph, s.topic(), s.side()) : c.predictions(rule, graph)));
            case BODY -> List.of(new Compiled(n, m, "body", c.bodyCheck(rule, graph, s.subject(), s.object())));
            case SUPPORT -> List.of(new Compiled(n, m, "support", c.support(rule, graph)));
            case COUNTS -> List.of(
                    new Compiled(n, m, "support", c.support(rule, graph)),
                    new Compiled(n, m, "body-size", c.bodySize(rule, graph)),
                    new Compiled(n, m, "pca-body-size", c.pcaBodySize(rule, graph, m.measures().functionalVariable())));
        };
    }

    /** Prints each query with a comment naming its rule. */
    public static void print(List<Compiled> queries, IRI graph, PrintStream out) {
        for (Compiled q : queries) {
            out.print(header(q, graph));
            out.println(q.sparql().strip());
            out.println();
        }
    }

    private static String header(Compiled q, IRI graph) {
        return "# rule " + q.ruleNumber() + " (" + q.name() + " in <" + graph + ">): " + q.rule().rule().toAmie() + "\n";
    }

    public static void writeFiles(Path dir, List<Compiled> queries, IRI graph, PrintStream out) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = files(dir, queries);
        for (int i = 0; i < queries.size(); i++) {
            Compiled q = queries.get(i);
            Files.writeString(files.get(i), header(q, graph) + q.sparql().strip() + "\n", StandardCharsets.UTF_8);
        }
        out.printf("wrote %d queries to %s%n", queries.size(), dir);
    }

    /** The file each query goes to in {@code dir}, in the queries' order; the folder itself is left as it is. */
    public static List<Path> files(Path dir, List<Compiled> queries) {
        int width = Math.max(3, Integer.toString(queries.isEmpty() ? 0 : queries.get(queries.size() - 1).ruleNumber()).length());
        List<Path> files = new ArrayList<>(queries.size());
        for (Compiled q : queries) {
            files.add(dir.resolve(String.format(Locale.ROOT, "rule-%0" + width + "d-%s.rq", q.ruleNumber(), q.name())));
        }
        return files;
    }

    /** Runs the queries on the store (opened here and shut down again) and prints their results as tables. */
    public static void run(Supplier<Repository> store, KgGraphs kg, GraphRole role, List<Compiled> queries,
                           PrintStream out) {
        IRI graph = kg.graph(role);
        Repository repository = store.get();
        try {
            SparqlRuleRunner runner = new SparqlRuleRunner(repository, kg);
            if (!runner.graphExists(graph)) {
                throw new BadInputException("graph " + role.label() + " <" + graph + "> holds no triples in this store"
                        + (role == GraphRole.COMPLETE ? ": run lacuna load first (or check --kg)"
                                : ": run lacuna build first (or check --kg)"));
            }
            for (Compiled q : queries) {
                out.print(header(q, graph));
                if (q.name().equals("body")) {
                    out.println(runner.ask(q.sparql()));
                } else {
                    printTable(runner.select(q.sparql()), kg, out);
                }
                out.println();
            }
        } catch (RepositoryException e) {
            throw new LacunaException("store failed: " + e.getMessage(), e);
        } finally {
            repository.shutDown();
        }
    }

    /** Columns aligned with two spaces; entities as private ids, relations as names, literals as text. */
    private static void printTable(SparqlRuleRunner.Table table, KgGraphs kg, PrintStream out) {
        List<String> columns = table.columns();
        List<String[]> cells = new ArrayList<>();
        int[] width = new int[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            width[i] = columns.get(i).length();
        }
        for (List<Value> row : table.rows()) {
            String[] r = new String[columns.size()];
            for (int i = 0; i < r.length; i++) {
                r[i] = show(row.get(i), kg);
                width[i] = Math.max(width[i], r[i].length());
            }
            cells.add(r);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            sb.append(i == 0 ? "" : "  ").append(pad(columns.get(i), width[i]));
        }
        out.println(sb.toString().stripTrailing());
        for (String[] r : cells) {
            sb.setLength(0);
            for (int i = 0; i < r.length; i++) {
                sb.append(i == 0 ? "" : "  ").append(pad(r[i], width[i]));
            }
            out.println(sb.toString().stripTrailing());
        }
        out.printf("(%d row%s)%n", cells.size(), cells.size() == 1 ? "" : "s");
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(width - s.length());
    }

    private static String show(Value v, KgGraphs kg) {
        if (v == null) {
            return "";
        }
        if (v instanceof IRI iri) {
            long id = kg.privateId(iri);
            if (id >= 0) {
                return Long.toString(id);
            }
            return iri.stringValue().startsWith(kg.relationPrefix()) ? kg.relationName(iri) : "<" + iri + ">";
        }
        return v.stringValue();
    }
}
