package dev.lacuna.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.BadInputException;
import dev.lacuna.Choice;
import dev.lacuna.ExitCodes;
import dev.lacuna.LacunaException;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.sparql.CompileKind;
import dev.lacuna.rules.sparql.RuleCompiler;
import dev.lacuna.rules.sparql.Side;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * {@code lacuna compile}: prints the SPARQL of rules (groundings, predictions, body check, counts) so that
 * users can paste it into any SPARQL client, writes it as one .rq file per rule and query, or runs it.
 */
public final class CompileCommand implements Command {
    /** One compiled query of one rule: a file-name suffix and the text. */
    private record Compiled(int ruleNumber, MinedRule rule, String name, String sparql) {
    }

    @Override
    public String name() {
        return "compile";
    }

    @Override
    public String usage() {
        return "--rules FILE [--rule N] [--graph complete|incomplete] [--kind " + Choice.labels(CompileKind.class).replace(", ", "|")
                + "] [--out DIR] [--run]";
    }

    @Override
    public String summary() {
        return "print rules as SPARQL (groundings, predictions, body check, counts), or run it on the store";
    }

    @Override
    public void addOptions(Options options) {
        options.addOption(Option.builder().longOpt("rules").hasArg().argName("FILE")
                .desc("AMIE3 rules file (TSV as AMIE3 writes it)").get());
        options.addOption(Option.builder().longOpt("rule").hasArg().argName("N")
                .desc("only the N-th rule of the file (1-based); default all").get());
        options.addOption(Option.builder().longOpt("graph").hasArg().argName("NAME")
                .desc("complete (default) or incomplete").get());
        options.addOption(Option.builder().longOpt("kind").hasArg().argName("KIND")
                .desc("groundings (default), predictions, body, support, counts (support, body size, PCA body size)").get());
        options.addOption(Option.builder().longOpt("limit").hasArg().argName("N")
                .desc("groundings: draw at most N with --seed (ORDER BY a seeded hash); default all").get());
        options.addOption(Option.builder().longOpt("topic").hasArg().argName("ID")
                .desc("predictions: only answers for this entity (private id or IRI)").get());
        options.addOption(Option.builder().longOpt("side").hasArg().argName("head|tail")
                .desc("predictions: the topic's side of the head triple (default head)").get());
        options.addOption(Option.builder().longOpt("subject").hasArg().argName("ID")
                .desc("body: bind ?a to this entity (private id or IRI); else ?a stays free").get());
        options.addOption(Option.builder().longOpt("object").hasArg().argName("ID")
                .desc("body: bind ?b to this entity (private id or IRI); else ?b stays free").get());
        options.addOption(Option.builder().longOpt("out").hasArg().argName("DIR")
                .desc("write one .rq file per rule and query into DIR instead of printing").get());
        options.addOption(Option.builder().longOpt("run").desc("run the queries on the store and print tables").get());
        CommonOptions.addStore(options);
        CommonOptions.addKg(options);
        CommonOptions.addSeed(options);
    }

    @Override
    public int run(CommandLine line, CliContext context) throws IOException {
        if (!line.hasOption("rules")) {
            throw new UsageException("--rules FILE is required");
        }
        if (!line.getArgList().isEmpty()) {
            throw new UsageException("unexpected argument(s): " + String.join(" ", line.getArgList()));
        }
        Path rulesFile = Path.of(line.getOptionValue("rules"));
        CompileKind kind = CompileKind.parse(line.getOptionValue("kind", CompileKind.GROUNDINGS.label()));
        GraphRole role = GraphRole.parse(line.getOptionValue("graph", GraphRole.COMPLETE.label()), "--graph");
        KgGraphs kg = CommonOptions.kg(line);
        IRI graph = kg.graph(role);

        List<MinedRule> rules = AmieRules.read(rulesFile);
        List<Integer> numbers = new ArrayList<>();
        if (line.hasOption("rule")) {
            int n = CommonOptions.intValue(line, "rule", 1);
            if (n < 1 || n > rules.size()) {
                throw new BadInputException(rulesFile.toString(), -1, -1, "no rule " + n + ": the file has "
                        + rules.size() + " rules, numbered 1 to " + rules.size());
            }
            numbers.add(n);
        } else {
            for (int n = 1; n <= rules.size(); n++) {
                numbers.add(n);
            }
        }

        RuleCompiler compiler = new RuleCompiler(kg);
        List<Compiled> queries = new ArrayList<>();
        for (int n : numbers) {
            MinedRule rule = rules.get(n - 1);
            try {
                queries.addAll(compile(compiler, n, rule, kind, graph, line, kg));
            } catch (BadInputException e) {
                throw new BadInputException(rulesFile.toString(), ruleLine(rulesFile, n), -1,
                        "rule " + n + ": " + e.problem());
            }
        }

        if (line.hasOption("out")) {
            writeFiles(Path.of(line.getOptionValue("out")), queries, graph, context.out());
        } else if (line.hasOption("run")) {
            runAll(line, kg, graph, role, queries, context.out());
        } else {
            for (Compiled q : queries) {
                context.out().print(header(q, graph));
                context.out().println(q.sparql().strip());
                context.out().println();
            }
        }
        return ExitCodes.OK;
    }

    private static List<Compiled> compile(RuleCompiler c, int n, MinedRule m, CompileKind kind, IRI graph,
            CommandLine line, KgGraphs kg) {
        Rule rule = m.rule();
        return switch (kind) {
            case GROUNDINGS -> {
                if (line.hasOption("limit")) {
                    int limit = CommonOptions.intValue(line, "limit", 30);
                    if (limit < 1) {
                        throw new UsageException("--limit must be at least 1, got " + limit);
                    }
                    yield List.of(new Compiled(n, m, "groundings",
                            c.sampledGroundings(rule, graph, limit, CommonOptions.seed(line))));
                }
                yield List.of(new Compiled(n, m, "groundings", c.groundings(rule, graph)));
            }
            case PREDICTIONS -> {
                if (line.hasOption("topic")) {
                    Side side = Side.parse(line.getOptionValue("side", "head"));
                    yield List.of(new Compiled(n, m, "predictions",
                            c.predictions(rule, graph, entity(kg, line.getOptionValue("topic"), "--topic"), side)));
                }
                yield List.of(new Compiled(n, m, "predictions", c.predictions(rule, graph)));
            }
            case BODY -> List.of(new Compiled(n, m, "body", c.bodyCheck(rule, graph,
                    line.hasOption("subject") ? entity(kg, line.getOptionValue("subject"), "--subject") : null,
                    line.hasOption("object") ? entity(kg, line.getOptionValue("object"), "--object") : null)));
            case SUPPORT -> List.of(new Compiled(n, m, "support", c.support(rule, graph)));
            case COUNTS -> List.of(
                    new Compiled(n, m, "support", c.support(rule, graph)),
                    new Compiled(n, m, "body-size", c.bodySize(rule, graph)),
                    new Compiled(n, m, "pca-body-size", c.pcaBodySize(rule, graph, m.measures().functionalVariable())));
        };
    }

    /** An entity given as a private id ("17") or as an absolute IRI. */
    static IRI entity(KgGraphs kg, String text, String option) {
        String t = text.trim();
        if (t.matches("\\d+")) {
            return kg.entity(Long.parseLong(t));
        }
        if (t.startsWith("<") && t.endsWith(">")) {
            t = t.substring(1, t.length() - 1);
        }
        try {
            if (t.contains(":")) {
                return Values.iri(t);
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new UsageException(option + " needs a private id (a whole number) or an IRI, got '" + text + "'");
    }

    /** The 1-based line of the N-th rule in the file (AMIE3 rule lines are the ones with "=>"), or -1. */
    private static long ruleLine(Path file, int n) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            int seen = 0;
            boolean header = false;
            for (int i = 0; i < lines.size(); i++) {
                if (!header) {
                    header = lines.get(i).startsWith("Rule\t");
                } else if (lines.get(i).contains("=>") && ++seen == n) {
                    return i + 1;
                }
            }
        } catch (IOException e) {
            // the location is a courtesy; the message stands without it
        }
        return -1;
    }

    private static String header(Compiled q, IRI graph) {
        return "# rule " + q.ruleNumber() + " (" + q.name() + " in <" + graph + ">): " + q.rule().rule().toAmie() + "\n";
    }

    private static void writeFiles(Path dir, List<Compiled> queries, IRI graph, PrintStream out) throws IOException {
        Files.createDirectories(dir);
        int width = Math.max(3, Integer.toString(queries.isEmpty() ? 0 : queries.get(queries.size() - 1).ruleNumber()).length());
        for (Compiled q : queries) {
            String name = String.format(Locale.ROOT, "rule-%0" + width + "d-%s.rq", q.ruleNumber(), q.name());
            Files.writeString(dir.resolve(name), header(q, graph) + q.sparql().strip() + "\n", StandardCharsets.UTF_8);
        }
        out.printf("wrote %d queries to %s%n", queries.size(), dir);
    }

    private static void runAll(CommandLine line, KgGraphs kg, IRI graph, GraphRole role, List<Compiled> queries,
            PrintStream out) {
        Repository repository = CommonOptions.openStore(line);
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
        } catch (org.eclipse.rdf4j.repository.RepositoryException e) {
            throw new LacunaException("store failed: " + e.getMessage(), e);
        } finally {
            repository.shutDown();
        }
    }

    /** Columns aligned with two spaces; entities as private ids, relations as names, literals as text. */
    static void printTable(SparqlRuleRunner.Table table, KgGraphs kg, PrintStream out) {
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
